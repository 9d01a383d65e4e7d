// For the suite's tests against the stateful mock: one mock with CONFORMANCE_SEED for the file,
// started before its tests and closed after them, and reset to that seed before each test.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetMock } from '../../../contract-tests/support/control-api.ts';
import { startMock, type RunningMock } from '../../../mocks/src/server.ts';
import { CONFORMANCE_SEED } from './conformance-mock.ts';

/** Registers the file's hooks; `origin` and `baseUrl` are there once the mock started. */
export function useSeededMock(): Pick<RunningMock, 'origin' | 'baseUrl'> {
  let mock: RunningMock | undefined;
  beforeAll(async () => {
    mock = await startMock({ port: 0, seed: CONFORMANCE_SEED });
  });
  afterAll(async () => {
    await mock?.close();
  });
  beforeEach(async () => {
    await resetMock(running().origin, CONFORMANCE_SEED);
  });
  const running = () => {
    if (!mock) throw new Error('the mock is not started yet (use it inside a test)');
    return mock;
  };
  return {
    get origin() {
      return running().origin;
    },
    get baseUrl() {
      return running().baseUrl;
    },
  };
}
