// `npx tsx conformance/test/oracle/measure-strength.ts`: the oracle rule alone against every broken
// provider of broken-rules.ts (each written for another rule): which it catches, and its wall time.
// The last result is in docs/decisions/2026-11-26-model-oracle.md.
import { resetMock } from '../../../contract-tests/support/control-api.ts';
import { startMock } from '../../../mocks/src/server.ts';
import { ORACLE_RULE_ID } from '../../src/live/oracle/run-oracle.ts';
import { runConformance } from '../../src/live/run-conformance.ts';
import { startBrokenProxy } from '../doubles/broken-proxy.ts';
import { BREAKS } from '../doubles/broken-rules.ts';
import { CONFORMANCE_SEED, fullRun } from '../support/conformance-mock.ts';

const mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
const caught: string[] = [];
const missed: string[] = [];
const started = performance.now();
try {
  for (const [ruleId, broken] of Object.entries(BREAKS)) {
    if (ruleId === ORACLE_RULE_ID) continue;
    await resetMock(mock.origin, CONFORMANCE_SEED);
    const proxy = await startBrokenProxy(mock.origin, broken);
    try {
      const report = await runConformance({
        ...fullRun(proxy.baseUrl),
        pollTimeoutMs: 1_000,
        seed: 7,
        only: [ORACLE_RULE_ID],
      });
      const result = report.results[0];
      const named = result?.violations[0]?.split(':')[0] ?? '';
      (result?.status === 'failed' ? caught : missed).push(
        result?.status === 'failed'
          ? `${ruleId} (names ${named})`
          : `${ruleId} (${result?.status}${result?.reason ? `: ${result.reason}` : ''})`,
      );
    } finally {
      await proxy.close();
    }
  }
} finally {
  await mock.close();
}
console.log(
  `caught ${caught.length} of ${caught.length + missed.length} in ${Math.round((performance.now() - started) / 1000)} s`,
);
console.log(`caught:\n  ${caught.join('\n  ')}`);
console.log(`missed:\n  ${missed.join('\n  ')}`);
