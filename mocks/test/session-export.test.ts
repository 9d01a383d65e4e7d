// GET/PUT /__mock/sessions/{id}/export: a session taken from one mock and put into another (a CI
// job's state replayed on a laptop) holds the same records, credits and pending processing; a
// document that is not an export is refused in the envelope, the session unchanged.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../src/index.ts';
import { exampleValue } from '../../client/test/support/every-operation.ts';

let ci: RunningMock;
let laptop: RunningMock;
beforeAll(async () => {
  [ci, laptop] = await Promise.all([startMock({ port: 0 }), startMock({ port: 0 })]);
});
afterAll(async () => {
  await Promise.all([ci?.close(), laptop?.close()]);
});

async function json(response: Response) {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { data: never } };
}
const state = async (mock: RunningMock, session: string) =>
  (await json(await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': session } }))).body.data as {
    credits: number;
    pendingJobs: number;
    projects: { id: string; companyName: string }[];
    analyses: { id: string; status: string }[];
  };

it('puts a session exported from one mock into another, processing included', async () => {
  const headers = { 'x-mock-session': 'ci-42', 'content-type': 'application/json' };
  await fetch(`${ci.origin}/__mock/reset`, { method: 'POST', headers, body: JSON.stringify({ credits: 7 }) });
  const created = await fetch(`${ci.baseUrl}/integration/project`, {
    method: 'POST',
    headers: { ...headers, authorization: 'mock-api-key' },
    body: JSON.stringify(exampleValue('CreateProjectWithDocLink')),
  });
  expect(created.status).toBe(200);
  const before = await state(ci, 'ci-42');
  expect(before.pendingJobs).toBeGreaterThan(0);

  const exported = await fetch(`${ci.origin}/__mock/sessions/ci-42/export`);
  expect(exported.status).toBe(200);
  const document = await exported.text();
  const put = await json(
    await fetch(`${laptop.origin}/__mock/sessions/replay/export`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: document,
    }),
  );
  expect(put.status).toBe(200);
  expect(put.body.data).toMatchObject({ session: 'replay' });

  const after = await state(laptop, 'replay');
  expect(after.credits).toBe(6);
  expect(after.projects).toEqual(before.projects);
  expect(after.analyses).toEqual(before.analyses);
  expect(after.pendingJobs).toBe(before.pendingJobs);
  await fetch(`${laptop.origin}/__mock/settle`, { method: 'POST', headers: { 'x-mock-session': 'replay' } });
  expect((await state(laptop, 'replay')).analyses.every((a) => a.status === 'completed')).toBe(true);
  // The exported session itself is untouched.
  expect((await state(ci, 'ci-42')).pendingJobs).toBe(before.pendingJobs);
});

it('refuses a document that is not an export, leaving the session as it was', async () => {
  const bad = await json(
    await fetch(`${laptop.origin}/__mock/sessions/replay/export`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'portfolio-mock-session/1', seed: null, meta: {}, records: [['planet', 'x', 1]] }),
    }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'MOCK_INVALID_REQUEST', data: null });
  expect((await state(laptop, 'replay')).credits).toBe(6);
});
