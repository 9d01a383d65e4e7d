// The scenario tests of the mock run a second time against the MSW handlers (`npm run test:msw`):
// contract-tests/support/mock-under-test.ts starts createHandlers() under msw/node instead of the
// HTTP mock, so any difference in behaviour between the two fails one of these tests. Left out:
// bad-input and http-manners, whose tests are about HTTP framing a Fetch Request cannot carry (two
// Authorization headers, an upload aborted mid-stream, raw sockets), and the state-file tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'mocks/test/{companies,reports,funds,webhooks,control-api,auth,provider-states,concurrency,request-journal,session-drop}.test.ts',
      // The conformance suite against the handlers and the HTTP mock side by side.
      'mocks/test/msw/conformance-sameness.test.ts',
    ],
    env: { MOCK_UNDER_TEST: 'msw' },
    testTimeout: 30_000,
  },
});
