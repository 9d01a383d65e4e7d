// `npm run test:mutation`: StrykerJS mutates the stateful mock's domain logic (mocks/src/domain)
// and runs the conformance suite against each mutant (vitest.mutation.config.ts). The last result
// and its survivors are in docs/decisions/ (dated, with the machine's load). MUTATE narrows the
// files (comma-separated globs) for a partial run, or adds mocks/src/control (the control API's
// code, outside the domain) so one run scores both boundaries (2026-11-mutation-boundary.md).
const mutate = process.env.MUTATE?.split(',') ?? ['mocks/src/domain/**/*.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [...mutate, '!**/*.test.ts', '!mocks/src/domain/default-seed.ts'],
  coverageAnalysis: 'perTest',
  // Module-level mutants would rerun every test for each: left out (reported as ignored).
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  ignorePatterns: ['dist', 'reports', 'docs', 'site', '.stryker-tmp', 'packages/tests', 'bench'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
