// The unit run of `npm run test:mutation` only: the conformance suite against the stateful mock
// (conformance/test/mutation/), the test Stryker runs against each mutant of the mock's domain.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // MUTATION_TESTS narrows the tests (comma-separated globs): the score with and without a test.
    include: process.env.MUTATION_TESTS?.split(',') ?? ['conformance/test/mutation/**/*.mutation.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
