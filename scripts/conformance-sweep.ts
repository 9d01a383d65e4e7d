// `npm run conformance:sweep`: the whole catalogue, with every optional flag, against the stateful
// mock over 20 seeds (read only and with writes: no false alarm), against each broken double of
// conformance/test/doubles/spec-doubles.ts (its rule must fail) and each correct-but-different
// double (nothing may fail). Prints one line per run and the wall time; exit 1 when any run goes
// the wrong way. The unit run covers the doubles on their own rules only (spec-doubles.test.ts).
import { startMock } from '../mocks/src/server.ts';
import { resetMock } from '../contract-tests/support/control-api.ts';
import { startBrokenProxy } from '../conformance/test/doubles/broken-proxy.ts';
import { BROKEN_DOUBLES, CORRECT_DOUBLES } from '../conformance/test/doubles/spec-doubles.ts';
import { fullRun, readOnly } from '../conformance/test/support/conformance-mock.ts';
import { runConformance, type ConformanceOptions } from '../conformance/src/live/run-conformance.ts';
import type { ConformanceReport } from '../conformance/src/live/report-types.ts';

/** The mock's default data (one company), processing shortened so a run finishes in seconds. */
const SEED = { processingMs: 50 };
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

const failedIds = (report: ConformanceReport) => report.results.filter((r) => r.status === 'failed').map((r) => r.id);

const mock = await startMock({ port: 0, seed: SEED });
const problems: string[] = [];
const started = performance.now();
try {
  const run = async (
    label: string,
    options: ConformanceOptions,
    judge: (report: ConformanceReport) => string | undefined,
  ) => {
    await resetMock(mock.origin, SEED);
    const t = performance.now();
    const report = await runConformance(options);
    const problem = judge(report);
    const s = report.summary;
    console.log(
      `${problem ? 'WRONG' : 'ok   '} ${label.padEnd(58)} ${s.passed} passed, ${s.failed} failed, ${s.warned} warned, ${s.notChecked} not checked; ${report.creditsSpent} credits; ${Math.round(performance.now() - t)} ms${problem ? `\n      ${problem}` : ''}`,
    );
    if (problem) problems.push(`${label}: ${problem}`);
  };
  const clean = (report: ConformanceReport) =>
    failedIds(report).length + report.summary.warned > 0
      ? `false alarm: ${report.results
          .filter((r) => r.status === 'failed' || r.status === 'warned')
          .map((r) => `${r.id}: ${r.violations[0] ?? ''}`)
          .join(' | ')}`
      : undefined;
  const options = (baseUrl: string, seed: number): ConformanceOptions => ({
    ...fullRun(baseUrl),
    seed,
    pollTimeoutMs: 5_000,
    deliveryTimeoutMs: 3_000,
  });

  for (const seed of SEEDS) {
    await run(`mock, read only, seed ${seed}`, { ...readOnly(mock.baseUrl), seed }, clean);
    await run(`mock, with writes, seed ${seed}`, options(mock.baseUrl, seed), clean);
  }
  for (const [name, double] of Object.entries(BROKEN_DOUBLES)) {
    const proxy = await startBrokenProxy(mock.origin, double.make());
    try {
      await run(`broken: ${name}`, options(proxy.baseUrl, 1), (report) =>
        failedIds(report).includes(double.rule) ? undefined : `${double.rule} did not fail`,
      );
    } finally {
      await proxy.close();
    }
  }
  for (const [name, double] of Object.entries(CORRECT_DOUBLES)) {
    const proxy = await startBrokenProxy(mock.origin, double.make());
    try {
      await run(`correct: ${name}`, options(proxy.baseUrl, 1), clean);
    } finally {
      await proxy.close();
    }
  }
} finally {
  await mock.close();
}
console.log(
  `\n${problems.length === 0 ? 'SWEEP: PASS' : `SWEEP: FAIL (${problems.length})`} in ${Math.round((performance.now() - started) / 1000)} s`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
