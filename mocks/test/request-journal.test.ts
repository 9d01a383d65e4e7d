// The request journal (GET /__mock/requests): what the caller sent, per session, bounded, with
// filters; run against the HTTP mock here and against the MSW handlers by npm run test:msw.
import { describe, expect, it } from 'vitest';
import { API_KEY, useMock } from '../../contract-tests/support/mock-under-test.ts';
import { pdf } from './support/files.ts';

const mock = useMock();

async function journal(query = '', session?: string) {
  const answer = await mock.raw(`/__mock/requests${query}`, session ? { headers: { 'x-mock-session': session } } : {});
  expect(answer.status).toBe(200);
  return answer.body.data as any[];
}

describe('the request journal', () => {
  it('keeps each service call: method, path, query, headers without credentials, body, status, time', async () => {
    const client = mock.client();
    await client.createProject({ companyName: 'Journaled Co', projectType: 'projectNoAnalysis' });
    await mock.raw('/api/integration/projects?search=journaled&pageSize=5', { headers: { authorization: API_KEY } });
    await mock.raw('/api/integration/projects', { headers: { authorization: 'wrong-key' } });
    await mock.control.state();
    const all = await journal();
    expect(all.map((e) => [e.method, e.path, e.status])).toEqual([
      ['POST', '/api/integration/project', 200],
      ['GET', '/api/integration/projects', 200],
      ['GET', '/api/integration/projects', 401],
    ]);
    const [created, listed] = all;
    expect(created.body).toEqual({ companyName: 'Journaled Co', projectType: 'projectNoAnalysis' });
    expect(created.headers['content-type']).toMatch(/^application\/json/);
    expect(created.headers.authorization).toBeUndefined();
    expect(Number.isNaN(Date.parse(created.time))).toBe(false);
    expect(listed.query).toEqual({ search: 'journaled', pageSize: '5' });
    expect(listed.body).toBeNull();
  });

  it('filters by method, path (exact or a prefix with *), status and limit', async () => {
    const client = mock.client();
    for (const name of ['One', 'Two', 'Three'])
      await client.createProject({ companyName: name, projectType: 'projectNoAnalysis' });
    // The same read twice: the second may be answered from the response cache, and is journaled all the same.
    await mock.raw('/api/integration/projects', { headers: { authorization: API_KEY } });
    await mock.raw('/api/integration/projects', { headers: { authorization: API_KEY } });
    expect((await journal('?method=post')).map((e) => e.body.companyName)).toEqual(['One', 'Two', 'Three']);
    expect(await journal('?path=/api/integration/projects')).toHaveLength(2);
    expect(await journal('?path=/api/integration/*')).toHaveLength(5);
    expect((await journal('?method=POST&limit=2')).map((e) => e.body.companyName)).toEqual(['Two', 'Three']);
    expect(await journal('?status=401')).toEqual([]);
    const bad = await mock.raw('/__mock/requests?limit=0');
    expect([bad.status, bad.body.code]).toEqual([400, 'MOCK_INVALID_REQUEST']);
  });

  it('is per session, emptied by a reset, and keeps file names of an upload, not the bytes', async () => {
    await mock.client().uploadFundFiles([pdf('deck.pdf')]);
    const [upload] = await journal();
    expect(upload.body).toEqual({ files: ['deck.pdf'], fields: [] });
    expect(await journal('', 'journal-other')).toEqual([]);
    await mock.control.reset();
    expect(await journal()).toEqual([]);
  });

  it('is bounded: the last 200 calls, a body over 8 KiB cut and marked', async () => {
    const headers = { authorization: API_KEY };
    await Promise.all(
      Array.from({ length: 205 }, (_, i) => mock.raw(`/api/integration/projects?page=${i}`, { headers })),
    );
    const kept = await journal();
    expect(kept).toHaveLength(200);
    const { data } = await mock.client().createProject({ companyName: 'Long', projectType: 'projectNoAnalysis' });
    await mock.client().processMessage({ projectId: data.project.id, content: 'x'.repeat(10_000) });
    const [message] = await journal('?path=/api/integration/processmessage');
    expect(message.bodyTruncated).toBe(true);
    expect(message.body).toHaveLength(8192);
  });
});
