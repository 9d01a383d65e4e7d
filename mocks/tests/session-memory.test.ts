// Memory of sessions: 1,000 sessions of the default seed, each created by a first request, stay
// under the bound mocks/README.md states (32 KiB of heap per session; about 14 KiB measured).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { startMock } from '../server.ts';
import { API_KEY } from './support/mock-under-test.ts';
import { httpCall } from '../../contract-tests/support/http-call.ts';

const SESSIONS = 1000;
const BOUND_PER_SESSION = 32 * 1024;

function heapAfterGc(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

it(`holds ${SESSIONS} sessions of the default seed in under ${BOUND_PER_SESSION / 1024} KiB of heap each`, { timeout: 60_000 }, async () => {
  const mock = await startMock({ port: 0, maxSessions: SESSIONS });
  try {
    const before = heapAfterGc();
    for (let i = 0; i < SESSIONS; i += 1) {
      // node:http rather than fetch: a thousand requests, at a fraction of fetch's CPU.
      const response = await httpCall(`${mock.baseUrl}/integration/projects`, { method: 'GET', headers: { authorization: API_KEY, 'x-mock-session': `member-${i}` } });
      expect(response.status).toBe(200);
      // Each session really is its own world with the seeded company.
      expect(JSON.parse(response.bodyText).pagination.totalCount).toBe(1);
    }
    const perSession = (heapAfterGc() - before) / SESSIONS;
    expect(perSession).toBeGreaterThan(1024);
    expect(perSession).toBeLessThan(BOUND_PER_SESSION);
    const over = await fetch(`${mock.baseUrl}/integration/projects`, { headers: { authorization: API_KEY, 'x-mock-session': 'one-too-many' } });
    expect(over.status).toBe(503);
  } finally {
    await mock.close();
  }
});
