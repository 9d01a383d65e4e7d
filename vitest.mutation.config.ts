// The unit run of `npm run test:mutation` only: the conformance suite against the stateful mock
// (conformance/test/mutation/), the test Stryker runs against each mutant of the mock's domain.
import { matchesGlob } from 'node:path';
import { defineConfig } from 'vitest/config';

// MUTATION_TESTS narrows the tests (comma-separated globs): the score with and without a test.
const include = process.env.MUTATION_TESTS?.split(',') ?? ['conformance/test/mutation/**/*.mutation.ts'];
// The PostgreSQL leg's server, started once per vitest instance (Stryker keeps one per worker), only when the leg runs.
const POSTGRES_LEG = 'conformance/test/mutation/postgres-against-mock.mutation.ts';

export default defineConfig({
  test: {
    include,
    globalSetup: include.some((glob) => matchesGlob(POSTGRES_LEG, glob))
      ? ['conformance/test/support/postgres-global-setup.ts']
      : [],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
