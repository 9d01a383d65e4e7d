// The model oracle's model in the mutation harness: .oracle-model/model.js, bundled from the original
// sources before Stryker starts (scripts/bundle-oracle-model.ts), which Stryker copies and does not
// mutate, so the oracle never shares the mutated code it judges.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ModelSource, OracleModel } from '../../src/live/oracle/model.ts';

const BUNDLE = fileURLToPath(new URL('../../../.oracle-model/model.js', import.meta.url));

/** The unmutated mock as the oracle's model; throws, saying how to make it, when the bundle is missing. */
export async function unmutatedModel(): Promise<ModelSource> {
  if (!existsSync(BUNDLE))
    throw new Error(`${BUNDLE} is missing: run npx tsx scripts/bundle-oracle-model.ts (npm run test:mutation does)`);
  const bundle = (await import(BUNDLE)) as {
    startInProcessMock(options: { seed?: { processingMs: number } }): Promise<OracleModel>;
  };
  return (seed) => bundle.startInProcessMock({ seed });
}
