// Starts the slowest test files first, so that none of them starts late and runs alone at the end.
// Vitest orders files by the durations it cached from the last run; a fresh clone (CI) has none and
// falls back to file size, which started the fuzz run 40th and the generator check 32nd of 102 files
// (a cold run took 82-88 s against 77-84 s with the cache, in alternate runs).
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, as the report after each whole run lists them (vitest.slowest-files.ts). */
export const SLOWEST_FILES = [
  'mocks/tests/state-file-kill.test.ts',
  'contract-tests/fuzz/operations.fuzz.test.ts',
  'mocks/tests/response-cache.test.ts',
  'contract-tests/generators/check-generators.test.ts',
  'contract-tests/evolution/corpus.test.ts',
  'contract-tests/pact/service.pact.test.ts',
  'contract-tests/contract/tooling.test.ts',
  'contract-tests/robustness/large-bodies.test.ts',
  'contract-tests/robustness/slow-client.test.ts',
  'contract-tests/docs/code-samples.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FILES.indexOf(relative(file.project.config.root, file.moduleId));
      return at === -1 ? SLOWEST_FILES.length : at;
    };
    // Array sort is stable: the other files keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
