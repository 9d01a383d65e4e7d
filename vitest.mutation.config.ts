// The unit run of `npm run test:mutation` only: the conformance suite against the stateful mock
// (conformance/test/mutation/), the test Stryker runs against each mutant of the mock's domain.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['conformance/test/mutation/**/*.mutation.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 1,
  },
});
