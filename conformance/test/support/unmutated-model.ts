// The model oracle's model in the mutation harness: .oracle-model/model.js, bundled from the original
// sources before Stryker starts (scripts/bundle-oracle-model.ts), which Stryker copies and does not
// mutate, so the oracle never shares the mutated code it judges.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { MockSeed } from '../../../mocks/src/server.ts';
import type { ModelSource, OracleModel } from '../../src/live/oracle/model.ts';
import { ORACLE_RULE_ID } from '../../src/live/oracle/run-oracle.ts';
import { runConformance } from '../../src/live/run-conformance.ts';

const BUNDLE = fileURLToPath(new URL('../../../.oracle-model/model.js', import.meta.url));

type Bundle = { startInProcessMock(options: { seed?: MockSeed }): Promise<OracleModel> };

/** The bundle; throws, saying how to make it, when it is missing. */
async function bundle(): Promise<Bundle> {
  if (!existsSync(BUNDLE))
    throw new Error(`${BUNDLE} is missing: run npx tsx scripts/bundle-oracle-model.ts (npm run test:mutation does)`);
  return (await import(BUNDLE)) as Bundle;
}

/** The unmutated mock as the oracle's model. */
export async function unmutatedModel(): Promise<ModelSource> {
  const { startInProcessMock } = await bundle();
  return (seed) => startInProcessMock({ seed });
}

/** The unmutated mock with `seed`, reached by its own fetch (its origin only names it: `fetch` answers in this process). */
export async function unmutatedInProcessMock(
  seed: MockSeed,
): Promise<{ origin: string; baseUrl: string; fetch: OracleModel['fetch']; close(): Promise<void> }> {
  const model = await (await bundle()).startInProcessMock({ seed });
  return { ...model, origin: new URL(model.baseUrl).origin };
}

/** Runs only oracle.matches-model (seed 1) against `options`' target, the unmutated mock as its model, and expects it to pass. */
export async function expectUnmutatedModelAgrees(options: Parameters<typeof runConformance>[0]): Promise<void> {
  const report = await runConformance({
    ...options,
    seed: 1,
    pollTimeoutMs: 1_500,
    oracleModel: await unmutatedModel(),
    only: [ORACLE_RULE_ID],
  });
  expect(report.results.map((r) => [r.id, r.status, r.reason, r.violations[0]])).toEqual([
    [ORACLE_RULE_ID, 'passed', undefined, undefined],
  ]);
}
