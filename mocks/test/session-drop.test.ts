// DELETE /__mock/session (an end-to-end test's session dropped at its end) and POST /__mock/clock, on both mocks (npm run test:msw).
import { describe, expect, it } from 'vitest';
import { TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';

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

describe('advancing the processing clock', () => {
  it('moves an analysis through progress to completed by the time given, with no waiting', async () => {
    const headers = { authorization: 'mock-api-key', 'content-type': 'application/json' };
    const created = await mock.raw('/api/integration/project', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        companyName: 'Clocked',
        companyWebsite: 'https://c.example',
        projectType: 'projectAnalysisNoFile',
      }),
    });
    const advance = (advanceMs: number) =>
      mock.raw('/__mock/clock', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ advanceMs }),
      });
    const status = async () =>
      (await mock.control.state()).analyses.find((a: any) => a.id === created.body.data.analysisId).status;
    expect(await status()).toBe('pending');
    const half = TEST_SEED.processingMs! / 2;
    // The processing clock is the real one plus what was advanced: a minute of margin for the real time passing.
    expect((await advance(half - 60_000)).body.data).toEqual({ jobsRun: 0, pendingJobs: 2 });
    expect((await advance(60_000)).body.data).toEqual({ jobsRun: 1, pendingJobs: 1 });
    expect(await status()).toBe('progress');
    expect((await advance(half)).body.data).toEqual({ jobsRun: 1, pendingJobs: 0 });
    expect(await status()).toBe('completed');
    const refused = await advance(-1);
    expect([refused.status, refused.body.code]).toEqual([400, 'MOCK_INVALID_REQUEST']);
  });
});
