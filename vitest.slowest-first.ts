// Starts the slowest test files first on a fresh clone, so that none of them starts late and runs
// alone at the end. Vitest orders files by the durations (and failures) it cached from the last run;
// a fresh clone (CI) has none and falls back to file size, which started the fuzz run 40th and the
// generator check 32nd of 102 files (a cold run took 82-88 s against 77-84 s with the cache, in
// alternate runs). With a cache, Vitest's own order stands. A custom sequencer also means that
// `--sequence.shuffle` shuffles the tests inside each file but no longer the files.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, as the report after each whole run lists them (vitest.slowest-files.ts). */
const SLOWEST_FILES = [
  'conformance/test/live/spec-doubles.test.ts',
  'mocks/test/response-cache.test.ts',
  'contract-tests/fuzz/operations.fuzz.test.ts',
  'conformance/test/diff/corpus.test.ts',
  'conformance/test/live/broken-providers.test.ts',
  'conformance/test/live/arazzo-workflows.test.ts',
  'client/test/readme-examples.test.ts',
  'contract-tests/pact/service.pact.test.ts',
  'contract-tests/robustness/large-bodies.test.ts',
  'contract-tests/docs/code-samples.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (file: TestSpecification) => relative(file.project.config.root, file.moduleId).replaceAll('\\', '/');
    if (files.some((file) => this.ctx.cache.getFileTestResults(`${file.project.name}:${path(file)}`))) return sorted;
    const rank = (file: TestSpecification) => {
      const at = SLOWEST_FILES.indexOf(path(file));
      return at === -1 ? SLOWEST_FILES.length : at;
    };
    // Array sort is stable: the other files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
