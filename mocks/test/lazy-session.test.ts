// A session read back from a compacted state file builds its projects and analyses on first touch
// (persistence/lazy-image.ts): it answers exactly like the same session built record by record
// (the mock that wrote the file, still running), through lists, filters, search, look-ups, a
// compaction, writes after the restart and the export; and a write to a project no request had
// touched is kept after the next restart.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_KEY } from '../../contract-tests/support/mock-under-test.ts';
import type { MockSeed } from '../src/domain/seed.ts';
import { startMock, type RunningMock } from '../src/server.ts';

let dir: string;
const running: RunningMock[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lazy-session-'));
});
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const WORDS = ['Robotics', 'Energy', 'Fintech', 'Health'];
const seed: MockSeed = {
  startTime: '2026-03-01T00:00:00.000Z',
  // Analyses started by the test stay pending: both mocks hold the same records whenever asked.
  processingMs: 600_000,
  data: {
    projects: Array.from({ length: 1_600 }, (_, n) => ({
      ownerUserId: n % 3 === 0 ? 'user-second' : 'user-mock',
      companyName: `${WORDS[n % 4]} Company ${n}`,
      companyIndustry: WORDS[(n * 7) % 4],
      description: n % 5 ? '' : `About ${WORDS[n % 4]!.toLowerCase()} ${n}`,
      completedAnalysis: n % 4 !== 0,
    })),
  },
};

async function start(stateFile: string): Promise<RunningMock> {
  const mock = await startMock({ port: 0, stateFile, seed, compactBytes: 1 });
  running.push(mock);
  return mock;
}

async function stop(mock: RunningMock): Promise<void> {
  running.splice(running.indexOf(mock), 1);
  await mock.close();
}

/** An answer as a client sees it: status and body (the journal's own timestamps aside). */
async function call(
  mock: RunningMock,
  method: string,
  path: string,
  body?: unknown,
  second = false,
): Promise<{ status: number; gap: string | null; body: any }> {
  const response = await fetch(`${mock.origin}${path}`, {
    method,
    headers: {
      authorization: second ? `${API_KEY}-2` : API_KEY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, gap: response.headers.get('x-mock-gap'), body: await response.json() };
}

/** The same calls to both mocks, answers compared one by one. */
async function same(a: RunningMock, b: RunningMock, method: string, path: string, body?: unknown, second = false) {
  const answer = await call(b, method, path, body, second);
  expect(answer, `${method} ${path}`).toEqual(await call(a, method, path, body, second));
  return answer as { status: number; body: any };
}

/** An export with its jobs' due times (real time at each mock's write) left out. */
function dueTimesAside(exported: unknown): unknown {
  return JSON.parse(JSON.stringify(exported), (key, value) => (key === 'due' ? 'due' : value));
}

const list = (query: string) => `/api/integration/projects?${query}`;

it('answers like the session built record by record, and keeps a write to an untouched project over a restart', {
  timeout: 60_000,
}, async () => {
  const file = join(dir, 'mock.state');
  const built = await start(file);
  // A first change, so the file is compacted into an image with the session's records.
  await call(built, 'POST', '/__mock/credits', { credits: 40 });
  for (const started = Date.now(); !readFileSync(file, 'utf8').startsWith('{"imageV3":'); ) {
    if (Date.now() - started > 20_000) throw new Error('the state file was not compacted');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(readFileSync(file, 'utf8')).toContain('"x":{"v":3,"sections":');
  const copy = join(dir, 'copy.state');
  copyFileSync(file, copy);
  const read = await start(copy);

  // The first answers, before anything else is built.
  await same(built, read, 'GET', list('page=0&pageSize=10'));
  const last = await same(built, read, 'GET', list('page=106&pageSize=10'));
  expect(last.body.pagination.totalCount).toBe(1066);
  await same(built, read, 'GET', list('page=3&pageSize=25'), undefined, true);
  await same(built, read, 'GET', list('page=0&pageSize=10&search=robotics'));
  await same(built, read, 'GET', list('page=2&pageSize=5&search=about%20energy'), undefined, true);
  await same(built, read, 'GET', '/api/integration/project/search?keywords=fintech');
  const page = await same(built, read, 'GET', list('page=40&pageSize=10'));
  const ids: string[] = page.body.data.map((p: { id: string }) => p.id);
  await same(built, read, 'GET', list(`id=${ids[3]}`));
  const analysisId = page.body.data.find((p: any) => p.analyses.length)?.analyses[0].id;
  await same(built, read, 'GET', `/api/integration/analysis/detail?analysisId=${analysisId}`);
  await same(built, read, 'GET', list(`id=${ids[4]}`), undefined, true);
  // A compaction while the session is read back only in part: another session as big as the file
  // doubles it; the image written then holds this session whole, and it answers the same after.
  const document = await (await fetch(`${built.origin}/__mock/sessions/default/export`)).text();
  const put = await fetch(`${read.origin}/__mock/sessions/other/export`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: document,
  });
  expect(put.status).toBe(200);
  await put.arrayBuffer();
  for (const started = Date.now(); !readFileSync(copy, 'utf8').split('\n', 1)[0]!.includes('"other"'); ) {
    if (Date.now() - started > 20_000) throw new Error('the copy was not compacted');
    await new Promise((r) => setTimeout(r, 50));
  }
  await same(built, read, 'GET', list('page=55&pageSize=10'));
  await same(built, read, 'GET', list('page=1&pageSize=10&orderby=companyName'));

  // Writes after the restart: a new project with an analysis, a message, a status change, each
  // to projects no request has read yet.
  const created = await same(built, read, 'POST', '/api/integration/project', {
    companyName: 'Robotics After Restart',
    projectType: 'projectAnalysisNoFile',
    companyWebsite: 'https://after.example',
  });
  expect(created.status).toBe(200);
  const untouched = (await call(built, 'GET', list('page=90&pageSize=10'))).body.data as { id: string }[];
  await same(built, read, 'POST', '/api/integration/processmessage', {
    projectId: untouched[2]!.id,
    content: 'written before anyone read it',
  });
  await same(built, read, 'POST', `/__mock/projects/${untouched[5]!.id}/status`, { code: 'closed', name: 'Closed' });
  await same(built, read, 'GET', list('page=106&pageSize=10'));
  await same(built, read, 'GET', list('page=0&pageSize=10&search=after%20restart'));
  await same(built, read, 'GET', list(`id=${untouched[2]!.id}`));
  await same(built, read, 'GET', list(`id=${untouched[5]!.id}`));
  // The export whole; the processing jobs' due times are each mock's own clock's.
  const exported = await call(read, 'GET', '/__mock/sessions/default/export');
  expect(dueTimesAside(exported)).toEqual(dueTimesAside(await call(built, 'GET', '/__mock/sessions/default/export')));
  // The whole state: the same but for where each mock keeps uploads, and the seed's projects the
  // mock that wrote the file was started with (a restart reads them as records).
  const whole = async (mock: RunningMock) => {
    const { body } = (await call(mock, 'GET', '/__mock/state')) as { body: { data: any } };
    const { uploadsDir: _dir, seed, ...rest } = body.data;
    return { ...rest, seed: { ...seed, data: undefined } };
  };
  expect(await whole(read)).toEqual(await whole(built));

  // The next restart reads the writes back (appended after the image, over records it holds).
  await stop(read);
  const again = await start(copy);
  await same(built, again, 'GET', list(`id=${untouched[2]!.id}`));
  await same(built, again, 'GET', list(`id=${untouched[5]!.id}`));
  await same(built, again, 'GET', list('page=106&pageSize=10'));
  expect(await call(again, 'GET', '/__mock/sessions/default/export')).toEqual(exported);
});
