// The state file: every session's whole state, uploaded files included, is the same after a
// restart on the same file; pending processing resumes; a damaged file stops the start with one
// clear error; a torn last write is dropped; the file is compacted without losing anything.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIntegrationClient } from '../../client/src/index.ts';
import { startWebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';
import { StateFileError } from '../src/persistence/append-log.ts';
import { fromColumns } from '../src/persistence/record-columns.ts';
import type { RecordOp } from '../src/persistence/session-records.ts';
import { splitImageV2 } from './support/image-v2.ts';
import { startMock, type RunningMock } from '../src/server.ts';
import { checkingFetch } from './support/checking-fetch.ts';
import { fundForm, pdf } from './support/files.ts';
import { ACCESS_TOKEN, API_KEY } from '../../contract-tests/support/mock-under-test.ts';

let dir: string;
let file: string;
const running: RunningMock[] = [];
const checker = checkingFetch();

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'state-file-'));
  file = join(dir, 'mock.state');
});
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startMock>[0] = {}): Promise<RunningMock> {
  const mock = await startMock({ port: 0, stateFile: file, ...options });
  running.push(mock);
  return mock;
}

async function stop(mock: RunningMock): Promise<void> {
  running.splice(running.indexOf(mock), 1);
  await mock.close();
}

function clientOf(mock: RunningMock, session?: string) {
  const fetchIn: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    if (session) request.headers.set('x-mock-session', session);
    return checker.fetch(request);
  };
  return createIntegrationClient({ baseUrl: mock.baseUrl, apiKey: API_KEY, accessToken: ACCESS_TOKEN, fetch: fetchIn });
}

async function control(mock: RunningMock, path: string, session?: string, body?: unknown): Promise<any> {
  const response = await fetch(`${mock.origin}/__mock${path}`, {
    method: path === '/state' ? 'GET' : 'POST',
    headers: {
      ...(session ? { 'x-mock-session': session } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()).data;
}

/** The session's request journal (GET /__mock/requests). */
async function journal(mock: RunningMock, session?: string): Promise<any[]> {
  const response = await fetch(`${mock.origin}/__mock/requests`, {
    headers: session ? { 'x-mock-session': session } : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

/** A busy world: every kind of record, some processing left pending, in the default session and a named one. */
async function busyWorld(mock: RunningMock, receiverUrl: string): Promise<void> {
  for (const session of [undefined, 'team-a']) {
    const client = clientOf(mock, session);
    await control(mock, '/reset', session, { processingMs: 600_000, credits: 77 });
    await client.createWebhookConfiguration({ url: receiverUrl, analysisCompleted: true, analysisChangedStatus: true });
    const linked = await client.createProject({
      companyName: 'Linked',
      folderName: 'Helio Grid',
      projectType: 'projectAnalysisWithFile',
    });
    const manual = await client.createProject({ companyName: 'Manual', projectType: 'projectAnalysisWithFile' });
    await client.uploadAnalysisFiles(manual.data.analysisId!, fundForm([pdf('deck.pdf')]));
    await client.processMessage({ projectId: linked.data.project.id, content: 'Round closed.' });
    await control(mock, `/projects/${linked.data.project.id}/status`, session, { code: 'won', phase: 'closing' });
    const { data: folder } = await client.uploadFundFiles([pdf('q4.pdf')]);
    await client.startFundRun({ name: 'Kept Fund', folderPath: folder.folderPath, projectMode: 'analyze' });
    await control(mock, '/settle', session);
    await client.createProject({
      companyName: 'Pending',
      companyWebsite: 'https://p.example',
      projectType: 'projectAnalysisNoFile',
    });
    await control(mock, '/faults', session, { companyList: false });
    await control(mock, '/credits', session, { credits: 40 });
  }
}

describe('a state file', () => {
  it('gives back every session exactly after a restart, with its files, and resumes pending processing', {
    timeout: 60_000,
  }, async () => {
    const receiver = await startWebhookReceiver();
    try {
      const first = await start();
      await busyWorld(first, receiver.url);
      const before = { default: await control(first, '/state'), teamA: await control(first, '/state', 'team-a') };
      expect(before.teamA.pendingJobs).toBe(2);
      const journals = { default: await journal(first), teamA: await journal(first, 'team-a') };
      expect(journals.teamA.filter((e: any) => e.path === '/api/integration/project')).toHaveLength(3);
      await stop(first);

      const second = await start();
      const after = { default: await control(second, '/state'), teamA: await control(second, '/state', 'team-a') };
      expect(after).toEqual(before);
      // The request journal too, entry for entry.
      expect({ default: await journal(second), teamA: await journal(second, 'team-a') }).toEqual(journals);
      const folder = after.teamA.folders[0];
      expect(
        readFileSync(join(after.teamA.uploadsDir, 'folders', folder.folderPath.split('/').at(-1), 'q4.pdf'))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // The pending analysis finishes after the restart, and its delivery reaches the receiver.
      expect(await control(second, '/settle', 'team-a')).toEqual({ jobsRun: 2, deliveries: 1, pendingJobs: 0 });
      expect((await control(second, '/state', 'team-a')).analyses.every((a: any) => a.status === 'completed')).toBe(
        true,
      );
      expect(receiver.received.at(-1)?.headers['x-mock-session']).toBe('team-a');
      expect(checker.violations()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('runs jobs that fell due while it was stopped', { timeout: 30_000 }, async () => {
    const first = await start();
    await control(first, '/reset', undefined, { processingMs: 300 });
    const { data } = await clientOf(first).createProject({
      companyName: 'Due',
      companyWebsite: 'https://d.example',
      projectType: 'projectAnalysisNoFile',
    });
    await stop(first);
    await new Promise((r) => setTimeout(r, 400));
    const second = await start();
    await expect
      .poll(async () => (await control(second, '/state')).analyses.find((a: any) => a.id === data.analysisId)?.status, {
        timeout: 5_000,
      })
      .toBe('completed');
  });

  it('drops a torn last write and refuses a damaged file with one clear error', async () => {
    const first = await start();
    await clientOf(first).createProject({ companyName: 'Whole', projectType: 'projectNoAnalysis' });
    await stop(first);
    const whole = readFileSync(file, 'utf8');
    appendFileSync(file, '{"s":"default","m":{"cred');
    const second = await start();
    expect((await control(second, '/state')).projects.map((p: any) => p.companyName)).toContain('Whole');
    await stop(second);
    expect(readFileSync(file, 'utf8')).toBe(whole);

    writeFileSync(file, `not json\n${whole}`);
    const refused = startMock({ port: 0, stateFile: file });
    await expect(refused).rejects.toThrow(StateFileError);
    await expect(refused).rejects.toThrow(/damaged at line 1/);
  });

  it('answers 500 and logs one clear line for a session on file that writes a company, an analysis or a folder as removed: nothing removes one', async () => {
    const kinds = ['project', 'analysis', 'folder', 'fundRun', 'webhook'];
    const first = await start();
    await clientOf(first).createProject({ companyName: 'Brief', projectType: 'projectNoAnalysis' });
    for (const kind of kinds)
      await clientOf(first, `k-${kind}`).createProject({ companyName: 'Whole', projectType: 'projectNoAnalysis' });
    await stop(first);
    const whole = readFileSync(file, 'utf8');
    // A line of records as the mock writes one (its meta first), with a record written as removed.
    const { m } = whole
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .findLast((line) => line.m);
    const damage = kinds.map((kind) => JSON.stringify({ s: `k-${kind}`, m, r: [[kind, 'gone-1', null]] }));
    writeFileSync(file, `${whole}${damage.join('\n')}\n`);
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      const second = await start();
      const damaged = await fetch(`${second.origin}/__mock/state`, { headers: { 'x-mock-session': 'k-project' } });
      expect(damaged.status).toBe(500);
      await damaged.arrayBuffer();
      // Logged by the background read of the sessions on file, a second after the start.
      await vi.waitFor(
        () => {
          for (const kind of kinds)
            expect(errors.join('\n'), kind).toContain(
              `is damaged (record ${kind} "gone-1" is written as removed (null), and no ${kind} is ever removed, in session k-${kind})`,
            );
        },
        { timeout: 5_000 },
      );
      // A session whose lines are whole is read as it was.
      expect((await control(second, '/state')).projects.map((p: any) => p.companyName)).toContain('Brief');
    } finally {
      spy.mockRestore();
    }
  });

  it('cuts off a group a crash left without its end, so the next commit is not read as part of it', async () => {
    const first = await start();
    await clientOf(first).createProject({ companyName: 'Whole', projectType: 'projectNoAnalysis' });
    await stop(first);
    // The first line of a reset's group, whole, without the lines that end the group.
    appendFileSync(file, '{"s":"default","fresh":null,"more":true}\n');
    const second = await start();
    await clientOf(second).createProject({ companyName: 'After', projectType: 'projectNoAnalysis' });
    await stop(second);
    const third = await start();
    const names = (await control(third, '/state')).projects.map((p: any) => p.companyName);
    expect(names).toContain('Whole');
    expect(names).toContain('After');
  });

  it('starts without reading the sessions on file: each is read when first asked for', async () => {
    const first = await start({ compactBytes: 1 });
    await clientOf(first).createProject({ companyName: 'Whole', projectType: 'projectNoAnalysis' });
    await clientOf(first, 'team-a').createProject({ companyName: 'Team A Co', projectType: 'projectNoAnalysis' });
    await stop(first);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('{"imageV3":')).toBe(true);
    // Team A's lines no longer parse (same length: the image's byte ranges still hold).
    writeFileSync(file, text.replaceAll('"Team A Co"', `'Team A Co"`));
    const errors: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void errors.push(String(line)));
    try {
      const second = await start();
      expect((await control(second, '/state')).projects.map((p: any) => p.companyName)).toContain('Whole');
      const damaged = await fetch(`${second.origin}/__mock/state`, { headers: { 'x-mock-session': 'team-a' } });
      expect(damaged.status).toBe(500);
      await damaged.arrayBuffer();
      // Logged by the background read of the sessions on file, a second after the start.
      await vi.waitFor(() => expect(errors.join('\n')).toMatch(/damaged at byte \d+ \(not JSON, in session team-a\)/), {
        timeout: 5_000,
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('reads a file compacted by the version before (an `{"image":` index, blocks of [kind, key, value] lines)', async () => {
    const first = await start();
    await clientOf(first).createProject({ companyName: 'Old Format Co', projectType: 'projectNoAnalysis' });
    await stop(first);
    // The appended lines (fresh line, `"r"` records) as the one block of the old image.
    const block = readFileSync(file);
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${JSON.stringify({ image: { default: [0, block.length] }, bytes: block.length })}\n`),
        block,
      ]),
    );
    const second = await start();
    expect((await control(second, '/state')).projects.map((p: any) => p.companyName)).toContain('Old Format Co');
    await clientOf(second).createProject({ companyName: 'New Co', projectType: 'projectNoAnalysis' });
    await stop(second);
    const third = await start();
    const names = (await control(third, '/state')).projects.map((p: any) => p.companyName);
    expect(names).toEqual(expect.arrayContaining(['Old Format Co', 'New Co']));
  });

  it('reads a file compacted by the release before (`{"imageV2":`), refuses a later version, and answers a section cut short with 500', async () => {
    const seed = {
      data: {
        projects: Array.from({ length: 30 }, (_, n) => ({
          ownerUserId: 'user-mock',
          companyName: `Co ${n}`,
          completedAnalysis: n % 2 === 0,
        })),
      },
    };
    const first = await start({ seed, compactBytes: 1 });
    await control(first, '/credits', undefined, { credits: 40 });
    for (const started = Date.now(); !readFileSync(file, 'utf8').startsWith('{"imageV3":'); ) {
      if (Date.now() - started > 20_000) throw new Error('the state file was not compacted');
      await new Promise((r) => setTimeout(r, 50));
    }
    const page = async (mock: RunningMock) => {
      const response = await fetch(`${mock.origin}/api/integration/projects?page=1&pageSize=10`, {
        headers: { authorization: API_KEY },
      });
      return { status: response.status, body: await response.json() };
    };
    const listed = await page(first);
    expect(listed.status).toBe(200);
    await stop(first);
    const written = readFileSync(file, 'utf8');
    const head = written.slice(0, written.indexOf('\n') + 1);
    const { bytes } = JSON.parse(head) as { bytes: number };
    const image = Buffer.from(written)
      .subarray(head.length, head.length + bytes)
      .toString('utf8');
    const after = Buffer.from(written)
      .subarray(head.length + bytes)
      .toString('utf8');
    const lines = image.split('\n').slice(0, -1);
    const at = lines.findIndex((line) => line.includes('"x":{"v":3'));
    const header = JSON.parse(lines[at]!);
    const sections: number = header.x.sections;
    const partLines = lines.slice(at + 1 + sections, at + header.xb.length + 1);
    const restart = async (block: string[], first = 'imageV2') => {
      const text = `${block.join('\n')}\n`;
      writeFileSync(
        file,
        `${JSON.stringify({ [first]: { default: [0, Buffer.byteLength(text)] }, bytes: Buffer.byteLength(text) })}\n${text}${after}`,
      );
      return start();
    };
    // As the release before wrote it: the whole index in one line, the keys in the next.
    const ops: RecordOp[] = [];
    for (const line of partLines) fromColumns(JSON.parse(line).c, (op) => ops.push(op));
    const v2 = splitImageV2(ops, 1000);
    const keysLine = JSON.stringify({ s: 'default', m: header.m, k: v2.keys, more: true });
    const xb = [keysLine, ...partLines].map((line) => Buffer.byteLength(line));
    const indexLine = JSON.stringify({ s: 'default', m: header.m, x: v2.index, xb, more: true });
    const older = await restart([...lines.slice(0, at), indexLine, keysLine, ...lines.slice(at + 1 + sections)]);
    expect(await page(older)).toEqual(listed);
    await stop(older);
    // A later image version: refused, naming it.
    writeFileSync(file, `{"imageV4":{},"bytes":0}\n`);
    await expect(startMock({ port: 0, stateFile: file })).rejects.toThrow(
      /written by a newer release of portfolio-mock \(image version 4; this release reads up to 3\)/,
    );
    // The section of the projects' keys cut short by one key (the line keeps its length): the
    // first page's part is checked against it, so the list answers 500, never a page.
    const keySection = at + 1 + header.x.project.key.p;
    const line = lines[keySection]!;
    const end = line.lastIndexOf(']');
    const from = line.lastIndexOf(',"', end);
    const damaged = [...lines];
    damaged[keySection] = line.slice(0, from) + ' '.repeat(end - from) + line.slice(end);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const cut = await restart(damaged, 'imageV3');
      const answer = await page(cut);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({ data: null });
    } finally {
      spy.mockRestore();
    }
  });

  it('a session dropped while one of its requests runs gets no line after its drop line: the file opens again', async () => {
    const mock = await start();
    const headers = { authorization: API_KEY, 'x-mock-session': 'late' };
    expect((await fetch(`${mock.baseUrl}/integration/projects`, { headers })).status).toBe(200);
    // The request is admitted (its session taken) at once; its body arrives after the drop.
    const body = JSON.stringify({ companyName: 'Late Co', projectType: 'projectNoAnalysis' });
    const sent = request(`${mock.baseUrl}/integration/project`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      sent.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('error', reject);
    });
    sent.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const dropped = await fetch(`${mock.origin}/__mock/session`, { method: 'DELETE', headers });
    expect(dropped.status).toBe(200);
    sent.end(body.slice(10));
    await answered;
    await stop(mock);
    const again = await start();
    const state = await (await fetch(`${again.origin}/__mock/state`, { headers })).json();
    expect(JSON.stringify(state)).not.toContain('Late Co');
  });

  it('keeps each journal entry once when the file is compacted while lines wait to be written', async () => {
    const mock = await start({ compactBytes: 1 });
    const headers = { authorization: API_KEY, 'x-mock-session': 'busy' };
    const journal = async (on: RunningMock) =>
      ((await (await fetch(`${on.origin}/__mock/requests`, { headers })).json()) as { data: unknown[] }).data;
    // Calls in flight together: their journal lines queue while a batch is written, and every batch compacts.
    for (let round = 0; round < 5; round += 1)
      await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${mock.baseUrl}/integration/projects?pageSize=1`, { headers })),
      );
    const before = await journal(mock);
    expect(before).toHaveLength(100);
    await stop(mock);
    const again = await start();
    expect(await journal(again)).toEqual(before);
  });

  it('compacts the file once it has doubled, and loses nothing', { timeout: 60_000 }, async () => {
    const first = await start({ compactBytes: 20_000 });
    const client = clientOf(first);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1)
      ids.push(
        (await client.createProject({ companyName: `Company ${i}`, projectType: 'projectNoAnalysis' })).data.project.id,
      );
    // Each change appends a line; without compaction 400 of them would add about 60 KB to the 29 KB
    // the creates (and their journal entries, about 300 B each) wrote.
    for (let credits = 0; credits < 400; credits += 1) await control(first, '/credits', undefined, { credits });
    expect(statSync(file).size).toBeLessThan(65_000);
    expect(existsSync(`${file}.compacting`)).toBe(false);
    const calls = await journal(first);
    expect(calls).toHaveLength(20);
    await stop(first);
    const second = await start();
    expect(await journal(second)).toEqual(calls);
    const state = await control(second, '/state');
    expect(state.credits).toBe(399);
    for (const id of ids) expect(state.projects.map((p: any) => p.id)).toContain(id);
  });
});
