// DELETE /__mock/session: an end-to-end test's session dropped at its end, on both mocks (npm run test:msw).
import { describe, expect, it } from 'vitest';
import { useMock } from '../../contract-tests/support/mock-under-test.ts';

const mock = useMock();
const session = { 'x-mock-session': 'drop-me' };

describe('dropping a session', () => {
  it('removes its records; the same id later starts fresh; the default session is refused', async () => {
    const credits = await mock.raw('/__mock/credits', {
      method: 'POST',
      headers: { ...session, 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 7 }),
    });
    expect(credits.body.data.credits).toBe(7);
    const dropped = await mock.raw('/__mock/session', { method: 'DELETE', headers: session });
    expect([dropped.status, dropped.body.data]).toEqual([200, { dropped: 'drop-me' }]);
    const again = await mock.raw('/__mock/state', { headers: session });
    expect(again.body.data.credits).not.toBe(7);
    const refused = await mock.raw('/__mock/session', { method: 'DELETE' });
    expect([refused.status, refused.body.code]).toEqual([400, 'MOCK_INVALID_REQUEST']);
  });
});
