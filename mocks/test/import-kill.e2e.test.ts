// An import into a session of a state file, killed (SIGKILL) at each of its file-system steps
// (staging each file, its mark, the two renames, the clean-up) and just after its records are
// written: the mock started again on the same file serves the session as it was before the import
// or as the import made it, its files those its records list, never a mix and never a refusal;
// nothing of the import is left beside the session's folders; killed again at each step of that
// settling (two interrupted imports: one turned back, one finished), the same. The import runs in a child process
// (support/import-kill-child.ts) that kills itself at the step named; the restart is in this process.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { TYPESCRIPT_RUNNER } from '../../contract-tests/support/typescript-runner.ts';
import { startMock, type RunningMock } from '../src/index.ts';
import { importSteps } from '../src/uploads/file-transfer.ts';
import { type ExportDocument, fundForm, PDF, withFileNamed } from './support/files.ts';

const SESSION = 'crash';
const CHILD = new URL('./support/import-kill-child.ts', import.meta.url).pathname;
let dir = '';
let document = '';

type View = { credits: number; folders: unknown; files: Record<string, Record<string, string>> };
let before: View;
let after: View;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const json = async (response: Response) => ((await response.json()) as { data: never }).data;

/** The session as a client and its disk see it: credits, folder records, and each folder's files by hash. */
async function view(mock: RunningMock): Promise<View> {
  const data = (await json(await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': SESSION } }))) as {
    credits: number;
    folders: { folderPath: string }[];
    uploadsDir: string;
  };
  const files: View['files'] = {};
  const folders = join(data.uploadsDir, 'folders');
  for (const folder of await readdir(folders).catch(() => [])) {
    files[folder] = {};
    for (const name of await readdir(join(folders, folder)))
      files[folder][name] = sha256(await readFile(join(folders, folder, name)));
  }
  return { credits: data.credits, folders: data.folders, files };
}

/** What is beside the session's folders on disk (an import's leftovers would show here). */
async function besideFolders(mock: RunningMock): Promise<string[]> {
  const data = (await json(await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': SESSION } }))) as {
    uploadsDir: string;
  };
  const names = await readdir(data.uploadsDir);
  const imports = names.includes('imports') ? await readdir(join(data.uploadsDir, 'imports')) : [];
  // `staging` is the uploads' (an upload leaves it empty).
  return [...names.filter((n) => !['folders', 'imports', 'staging'].includes(n)), ...imports];
}

/** Runs the import in a child on the state file in `at`; resolves with its exit signal, code and output. */
function importInChild(at: string, killAt: string, document = true) {
  const child = spawn(TYPESCRIPT_RUNNER, [CHILD], {
    env: {
      ...process.env,
      STATE_FILE: join(at, 'state.jsonl'),
      DOCUMENT: document ? join(dir, 'document.json') : '',
      SESSION,
      KILL_AT: killAt,
      // The list run (first) compiles the modules once; the killed children read them compiled.
      NODE_COMPILE_CACHE: join(dir, 'compile-cache'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise<{ signal: NodeJS.Signals | null; code: number | null; output: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output })),
  );
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-kill-'));
  await mkdir(join(dir, 'base'));
  const file = join(dir, 'base', 'state.jsonl');
  let mock = await startMock({ port: 0, stateFile: file, seed: { processingMs: 600_000 } });
  try {
    const headers = { 'x-mock-session': SESSION };
    await fetch(`${mock.origin}/__mock/reset`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ credits: 7, processingMs: 600_000 }),
    });
    const upload = await fetch(`${mock.baseUrl}/integrationfund/fund/upload`, {
      method: 'POST',
      headers: { ...headers, authorization: 'mock-api-key' },
      body: fundForm([
        { name: 'room.pdf', data: Buffer.concat([PDF, Buffer.from('before')]) },
        { name: 'notes.pdf', data: PDF },
      ]),
    });
    expect(upload.status).toBe(200);
    const exported = (await (
      await fetch(`${mock.origin}/__mock/sessions/${SESSION}/export`)
    ).json()) as ExportDocument & {
      meta: object;
    };
    // The import: another file in place of the first, other credits.
    const other = withFileNamed({ ...exported, meta: { ...exported.meta, credits: 3 } }, 'other.pdf');
    document = JSON.stringify(other);
    await writeFile(join(dir, 'document.json'), document);
    before = await view(mock);
    await mock.close();
    // The session as the import makes it, read back from a copy the import ran on whole.
    await cp(join(dir, 'base'), join(dir, 'whole'), { recursive: true });
    mock = await startMock({ port: 0, stateFile: join(dir, 'whole', 'state.jsonl') });
    const put = await fetch(`${mock.origin}/__mock/sessions/${SESSION}/export`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: document,
    });
    expect(put.status).toBe(200);
    after = await view(mock);
    expect(after.credits).toBe(3);
    expect(after).not.toEqual(before);
  } finally {
    await mock.close();
  }
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

let listedSteps: Promise<{ steps: { step: string; path: string }[]; movedIn: number }> | undefined;

/** The import's file-system steps, listed once by a child run to its end, and the step that moves its files in. */
function importStepsListed() {
  listedSteps ??= importInChild(join(dir, 'whole'), 'list').then((listed) => {
    expect(listed.code, listed.output).toBe(0);
    const steps = listed.output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { step: string; path: string });
    // The second rename moves the staged files in; the records are written after it, before the next step.
    const movedIn = steps.findIndex((s) => s.step === 'rename' && s.path.includes('/imports/'));
    expect(movedIn).toBeGreaterThan(0);
    return { steps, movedIn };
  });
  return listedSteps;
}

it('serves the session before or after an import killed at any step, never a mix, nothing left over', async () => {
  const { steps, movedIn } = await importStepsListed();
  const points = [
    '0:before',
    ...steps.map((_, n) => `${n}:after`),
    // Records written, files not cleaned up yet.
    `${movedIn + 1}:before`,
    // The same, the state file compacted since (the records' mark of the import must outlive it).
    `${movedIn + 1}:before:compact`,
  ];
  const seen: string[] = [];
  // Two at a time: each is mostly a child's start.
  for (let i = 0; i < points.length; i += 2)
    seen.push(...(await Promise.all(points.slice(i, i + 2).map((point) => outcome('base', point)))));
  // The records are written between the move in (`movedIn:after`) and the next step.
  const expected = points.map((point) => `${point}: ${Number(point.split(':')[0]) > movedIn ? 'after' : 'before'}`);
  expect(seen).toEqual(expected);

  // Killed again while the restart settles what the first kill left: files moved in, records not
  // written (turned back), and records written, files not cleaned up (finished).
  for (const [first, settled] of [
    [`${movedIn}:after`, 'before'],
    [`${movedIn + 1}:before`, 'after'],
  ] as const) {
    const interrupted = `interrupted-${first.replace(':', '-')}`;
    await cp(join(dir, 'base'), join(dir, interrupted), { recursive: true });
    expect((await importInChild(join(dir, interrupted), first)).signal).toBe('SIGKILL');
    await cp(join(dir, interrupted), join(dir, 'settle-list'), { recursive: true });
    const settling = await importInChild(join(dir, 'settle-list'), 'list', false);
    expect(settling.code, settling.output).toBe(0);
    const settleSteps = settling.output.trim().split('\n');
    expect(settleSteps.length).toBeGreaterThan(1);
    const again = ['0:before', ...settleSteps.map((_, n) => `${n}:after`)];
    const twice: string[] = [];
    for (let i = 0; i < again.length; i += 2)
      twice.push(...(await Promise.all(again.slice(i, i + 2).map((point) => outcome(interrupted, point, false)))));
    expect(twice, `killed at ${first}, then while settling`).toEqual(again.map((point) => `${point}: ${settled}`));
    await rm(join(dir, 'settle-list'), { recursive: true, force: true });
  }
});

it('answers 503 MOCK_STORAGE_FAILED while the disk refuses to settle an interrupted import, then the session as before', async () => {
  const { movedIn } = await importStepsListed();
  const at = join(dir, 'refused');
  await cp(join(dir, 'base'), at, { recursive: true });
  // Files moved in, records not written: the restart turns the move back, and that rename fails.
  expect((await importInChild(at, `${movedIn}:after`)).signal).toBe('SIGKILL');
  const refusing = vi.spyOn(importSteps, 'rename').mockImplementation(async () => {
    throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO', syscall: 'rename' });
  });
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const mock = await startMock({ port: 0, stateFile: join(at, 'state.jsonl') });
  try {
    for (const path of ['/__mock/state', '/api/integration/projects']) {
      const answer = await fetch(`${mock.origin}${path}`, {
        headers: { 'x-mock-session': SESSION, authorization: 'mock-api-key' },
      });
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toMatchObject({ code: 'MOCK_STORAGE_FAILED', data: null });
    }
    refusing.mockRestore();
    expect(await view(mock)).toEqual(before);
    expect(await besideFolders(mock)).toEqual([]);
  } finally {
    refusing.mockRestore();
    logged.mockRestore();
    await mock.close();
    await rm(at, { recursive: true, force: true });
  }
});

/**
 * The child run on a copy of `from` (an import, or with `document` false only a read of the
 * session), killed at `point`; then the mock started again here: what it serves, as one line.
 */
async function outcome(from: string, point: string, document = true): Promise<string> {
  const at = join(dir, `${from}-${point.replaceAll(':', '-')}`);
  await cp(join(dir, from), at, { recursive: true });
  const run = await importInChild(at, point, document);
  if (run.signal !== 'SIGKILL') return `${point}: not killed (${run.code}): ${run.output}`;
  const mock = await startMock({ port: 0, stateFile: join(at, 'state.jsonl') });
  try {
    const seen = await view(mock);
    const as = (v: View) => JSON.stringify(seen) === JSON.stringify(v);
    const left = await besideFolders(mock);
    return `${point}: ${as(before) ? 'before' : as(after) ? 'after' : `a mix ${JSON.stringify(seen)}`}${left.length ? `, left over ${left.join(' ')}` : ''}`;
  } finally {
    await mock.close();
    await rm(at, { recursive: true, force: true });
  }
}
