// Memory of sessions: as many sessions of the default seed as the mock holds by default (1,000), each
// created by a first request, stay under the bound mocks/README.md states (32 KiB of heap per session;
// 11.6 KiB measured). Measured in the mock's own process: its heap is the mock's alone, and a forced
// GC there is cheap (in the test runner's heap, some 200 MiB by then, the four GCs cost 1.6 CPU-s).
import { expect, it } from 'vitest';
import { startMockProcess } from '../../contract-tests/robustness/support/mock-process.ts';
import { httpCall } from '../../contract-tests/support/http-call.ts';
import { DEFAULT_MAX_SESSIONS } from '../src/runtime.ts';
import { API_KEY } from '../../contract-tests/support/mock-under-test.ts';

const SESSIONS = DEFAULT_MAX_SESSIONS;
const BOUND_PER_SESSION = 32 * 1024;

const list = (baseUrl: string, session: string) =>
  httpCall(`${baseUrl}/integration/projects`, {
    method: 'GET',
    headers: { authorization: API_KEY, 'x-mock-session': session },
  });

it(`holds ${SESSIONS} sessions of the default seed in under ${BOUND_PER_SESSION / 1024} KiB of heap each`, {
  timeout: 60_000,
}, async () => {
  const mock = await startMockProcess();
  try {
    const before = (await mock.memory()).heapUsed;
    for (let i = 0; i < SESSIONS; i += 1) {
      const response = await list(mock.baseUrl, `member-${i}`);
      expect(response.status).toBe(200);
      // Each session really is its own world with the seeded company.
      expect(JSON.parse(response.bodyText).pagination.totalCount).toBe(1);
    }
    const perSession = ((await mock.memory()).heapUsed - before) / SESSIONS;
    expect(perSession).toBeGreaterThan(1024);
    expect(perSession).toBeLessThan(BOUND_PER_SESSION);
    expect((await list(mock.baseUrl, 'one-too-many')).status).toBe(503);
  } finally {
    await mock.close();
  }
});
