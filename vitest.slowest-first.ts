// Starts the slowest test files first on a fresh clone, so that none of them starts late and runs
// alone at the end. Vitest orders files by the durations (and failures) it cached from the last run;
// a fresh clone (CI) has none and falls back to file size, which started the fuzz run 40th and the
// generator check 32nd of 102 files (a cold run took 82-88 s against 77-84 s with the cache, in
// alternate runs). With a cache, Vitest's own order stands. A custom sequencer also means that
// `--sequence.shuffle` shuffles the tests inside each file but no longer the files.
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Slowest first, as the report after each whole run lists them (vitest.slowest-files.ts), for each
 * config that uses this order: the unit run, then the package and e2e runs (files of one config
 * never meet another's, so one list serves them all).
 */
const SLOWEST_FILES = [
  // vitest.config.ts (a fresh-clone run's wall times, 2026-11-26, sixth session)
  'conformance/test/live/oracle.test.ts',
  'conformance/test/live/broken-providers.test.ts',
  'conformance/test/live/spec-doubles.test.ts',
  'conformance/test/parity/parity.test.ts',
  'conformance/test/diff/corpus.test.ts',
  'conformance/test/live/live-suite-mock.test.ts',
  'conformance/test/never-connecting-target.test.ts',
  'contract-tests/robustness/slow-client.test.ts',
  'contract-tests/fuzz/operations.fuzz.test.ts',
  'mocks/test/sessions.test.ts',
  'mocks/test/start.test.ts',
  'mocks/test/response-cache.test.ts',
  'contract-tests/docs/code-samples.test.ts',
  'contract-tests/pact/service.pact.test.ts',
  'mocks/test/state-file.test.ts',
  'contract-tests/robustness/large-bodies.test.ts',
  'client/test/readme-examples.test.ts',
  'conformance/test/live/arazzo-workflows.test.ts',
  // vitest.packages.config.ts
  'packages/tests/typescript.test.ts',
  'packages/tests/conformance-bin.test.ts',
  'packages/tests/node24.test.ts',
  'packages/tests/conformance-readme.test.ts',
  'packages/tests/mock-bin.test.ts',
  'packages/tests/node22.test.ts',
  'packages/tests/node26.test.ts',
  'packages/tests/tarballs.test.ts',
  // vitest.e2e.config.ts
  'contract-tests/docs/docs-versions.e2e.test.ts',
  'mocks/test/cluster.e2e.test.ts',
  'contract-tests/docs/docs-site.e2e.test.ts',
  'contract-tests/contract/tooling.e2e.test.ts',
  'mocks/test/state-file-kill.e2e.test.ts',
  'contract-tests/generators/check-generators.e2e.test.ts',
  'examples/front-end/test/front-end.e2e.test.ts',
  'mocks/test/import-kill.e2e.test.ts',
  'client/test/receiver-deno.e2e.test.ts',
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
