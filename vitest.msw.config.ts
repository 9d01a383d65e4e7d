// The scenario tests of the mock run a second time against the MSW handlers (`npm run test:msw`):
// contract-tests/support/mock-under-test.ts starts createHandlers() under msw/node instead of the
// HTTP mock, so any difference in behaviour between the two fails one of these tests. Left out:
// bad-input and http-manners, whose tests are about HTTP framing a Fetch Request cannot carry (two
// Authorization headers, an upload aborted mid-stream, raw sockets), and the state-file tests.
import { defineConfig } from 'vitest/config';
import { NODE_STRIPS_TYPES } from './contract-tests/support/typescript-runner.ts';

export default defineConfig({
  test: {
    include: [
      'mocks/test/{companies,reports,funds,webhooks,control-api,auth,provider-states,concurrency,request-journal,session-drop}.test.ts',
      // The conformance suite against the handlers and the HTTP mock side by side.
      'mocks/test/msw/conformance-sameness.test.ts',
    ],
    env: { MOCK_UNDER_TEST: 'msw' },
    testTimeout: 30_000,
    // As in vitest.config.ts: a worker keeps the modules it imported from one file to the next, and
    // Node strips the types instead of Vite's transform (most of this run's import time otherwise).
    isolate: false,
    experimental: { viteModuleRunner: !NODE_STRIPS_TYPES, nodeLoader: false },
  },
});
