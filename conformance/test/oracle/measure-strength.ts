// `npx tsx conformance/test/oracle/measure-strength.ts`: the oracle rule alone (1) against the mock
// over 20 seeds, read only and with writes; (2) against every double that differs from the mock only
// where the specification is silent (spec-doubles.ts, gap-double.ts); (3) against every broken
// provider of broken-rules.ts (each written for another rule): which it catches, naming which rule;
// (4) those it catches with the receiver, the second key and the analysis cost, and misses without.
// The last result is in docs/decisions/2026-11-model-oracle.md.
import { resetMock } from '../../../contract-tests/support/control-api.ts';
import { startMock } from '../../../mocks/src/server.ts';
import { ORACLE_RULE_ID } from '../../src/live/oracle/run-oracle.ts';
import { runConformance, type ConformanceOptions } from '../../src/live/run-conformance.ts';
import { type Break, startBrokenProxy } from '../doubles/broken-proxy.ts';
import { BREAKS } from '../doubles/broken-rules.ts';
import { gapDouble } from '../doubles/gap-double.ts';
import { CORRECT_DOUBLES } from '../doubles/spec-doubles.ts';
import { CONFORMANCE_SEED, fullRun, readOnly } from '../support/conformance-mock.ts';

const mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });

async function oracle(options: ConformanceOptions, broken?: Break) {
  await resetMock(mock.origin, CONFORMANCE_SEED);
  const proxy = broken ? await startBrokenProxy(mock.origin, broken) : undefined;
  try {
    const report = await runConformance({
      ...options,
      baseUrl: proxy?.baseUrl ?? options.baseUrl,
      pollTimeoutMs: 1_000,
      only: [ORACLE_RULE_ID],
    });
    const result = report.results[0];
    return { ...result, waits: report.rateLimited?.waits ?? 0 };
  } finally {
    await proxy?.close();
  }
}

const line = (r: Awaited<ReturnType<typeof oracle>>) =>
  `${r.status}${r.reason ? ` (${r.reason})` : ''} in ${r.durationMs} ms, ${r.calls?.length} calls${r.waits ? `, ${r.waits} waits on 429` : ''}${r.violations?.[0] ? `\n      ${r.violations[0].split('\n')[0]}` : ''}`;

try {
  console.log('1. the mock over 20 seeds');
  const times: number[] = [];
  let alarms = 0;
  for (let seed = 1; seed <= 20; seed += 1)
    for (const options of [readOnly(mock.baseUrl), fullRun(mock.baseUrl)]) {
      const r = await oracle({ ...options, seed });
      if (options.allowWrites) times.push(r.durationMs ?? 0);
      if (r.status !== 'passed') {
        alarms += 1;
        console.log(`  seed ${seed} ${options.allowWrites ? 'writes' : 'read only'}: ${line(r)}`);
      }
    }
  times.sort((a, b) => a - b);
  console.log(`  false alarms: ${alarms} of 40 runs; with writes median ${times[10]} ms, max ${times[19]} ms`);

  console.log('2. doubles that differ only where the specification is silent (with writes, seed 3)');
  const quiet: [string, Break][] = [
    ...Object.entries(CORRECT_DOUBLES).map(([name, d]): [string, Break] => [name, d.make()]),
    ['gap-double (parity)', gapDouble()],
  ];
  for (const [name, broken] of quiet)
    console.log(`  ${name}: ${line(await oracle({ ...fullRun(mock.baseUrl), seed: 3 }, broken))}`);

  console.log('3. broken providers written for other rules (with writes, seed 7)');
  const caught: string[] = [];
  const missed: string[] = [];
  for (const [ruleId, broken] of Object.entries(BREAKS)) {
    if (ruleId === ORACLE_RULE_ID) continue;
    const r = await oracle({ ...fullRun(mock.baseUrl), seed: 7 }, broken);
    if (r.status === 'failed') caught.push(`${ruleId} (names ${r.violations?.[0]?.split(':')[0]})`);
    else missed.push(`${ruleId} (${r.status})`);
  }
  console.log(`  caught ${caught.length} of ${caught.length + missed.length}`);
  console.log(`  caught:\n    ${caught.join('\n    ')}`);
  console.log(`  missed:\n    ${missed.join('\n    ')}`);

  console.log('4. caught only with the receiver, the second key and the analysis cost (seed 7)');
  const without = { receiverHost: undefined, secondApiKey: undefined, analysisCost: undefined };
  let only = 0;
  for (const [ruleId, broken] of Object.entries(BREAKS)) {
    if (ruleId === ORACLE_RULE_ID) continue;
    const withThem = await oracle({ ...fullRun(mock.baseUrl), seed: 7 }, broken);
    if (withThem.status !== 'failed') continue;
    const withoutThem = await oracle({ ...fullRun(mock.baseUrl), ...without, seed: 7 }, broken);
    if (withoutThem.status === 'failed') continue;
    only += 1;
    console.log(
      `  ${ruleId}: ${withoutThem.status} without, failed with (names ${withThem.violations?.[0]?.split(':')[0]})`,
    );
  }
  console.log(`  ${only} caught only with them`);
} finally {
  await mock.close();
}
