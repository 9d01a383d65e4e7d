// GET/PUT /__mock/sessions/{id}/export: a session taken from one mock and put into another (a CI
// job's state replayed on a laptop) holds the same records, credits, pending processing and
// uploaded files (byte for byte, from a mock with a state file into one with no store, and into
// a state file, there after a restart); a
// document that is not an export, or whose file bytes do not match their entry, is refused in the
// envelope, the session unchanged; a disk failing at the rename that moves an import's files in
// answers 503 in the envelope and leaves the session, its files and processing as they were; an
// upload begun on the imported state while the import's records are written is answered 200.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../src/index.ts';
import { StateStore } from '../src/persistence/state-store.ts';
import { FolderStorage } from '../src/uploads/folder-storage.ts';
import { exampleValue } from '../../client/test/support/every-operation.ts';
import { type ExportDocument, fundForm, PDF, pdf, withFileNamed } from './support/files.ts';
import { failImportMoves } from './support/failing-import-moves.ts';

let ci: RunningMock;
let laptop: RunningMock;
let stateDir = '';
beforeAll(async () => {
  stateDir = await mkdtemp(join(tmpdir(), 'mock-export-'));
  // The CI mock keeps a state file (its uploads in its folder); the laptop's has no store.
  [ci, laptop] = await Promise.all([
    startMock({ port: 0, stateFile: join(stateDir, 'state.jsonl') }),
    startMock({ port: 0 }),
  ]);
});
afterAll(async () => {
  await Promise.all([ci?.close(), laptop?.close()]);
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
});

/** The import: PUT of an export document (as text, or an object sent as JSON) into a session. */
const importInto = (origin: string, session: string, document: unknown) =>
  fetch(`${origin}/__mock/sessions/${session}/export`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: typeof document === 'string' ? document : JSON.stringify(document),
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
  // Processing waits for the settle below: on a loaded machine an analysis could otherwise move on between the reads.
  await fetch(`${ci.origin}/__mock/reset`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ credits: 7, processingMs: 600_000 }),
  });
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
  const put = await json(await importInto(laptop.origin, 'replay', document));
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
    await importInto(laptop.origin, 'replay', {
      format: 'portfolio-mock-session/1',
      seed: null,
      meta: {},
      records: [['planet', 'x', 1]],
    }),
  );
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'MOCK_INVALID_REQUEST', data: null });
  expect((await state(laptop, 'replay')).credits).toBe(6);
});

const auth = { authorization: 'mock-api-key' };
type Document = ExportDocument;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The files of a folder of a session, as the mock holds them on its disk: their SHA-256 by name (compared fast). */
async function folderFiles(mock: RunningMock, session: string, folderId: string) {
  const { uploadsDir } = (
    await json(await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': session } }))
  ).body.data as { uploadsDir: string };
  const dir = join(uploadsDir, 'folders', folderId);
  const names = (await readdir(dir)).sort();
  return Object.fromEntries(
    await Promise.all(names.map(async (n) => [n, sha256(await readFile(join(dir, n)))] as const)),
  );
}

it("carries a session's uploaded files: a fund runs over them on the mock it is put into", async () => {
  const headers = { 'x-mock-session': 'ci-uploads' };
  await fetch(`${ci.origin}/__mock/reset`, { method: 'POST', headers });
  const big = { name: 'room.pdf', data: Buffer.concat([PDF, randomBytes(1.5 * 2 ** 20)]) };
  const small = pdf('notes.pdf');
  const upload = await json(
    await fetch(`${ci.baseUrl}/integrationfund/fund/upload`, {
      method: 'POST',
      headers: { ...headers, ...auth },
      body: fundForm([big, small]),
    }),
  );
  expect(upload.status).toBe(200);
  const { folderPath } = upload.body.data as { folderPath: string };

  const exported = await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`);
  expect(exported.status).toBe(200);
  const document = await exported.text();
  expect((JSON.parse(document) as Document).format).toBe('portfolio-mock-session/2');
  const put = await json(await importInto(laptop.origin, 'home', document));
  expect(put.status).toBe(200);
  expect(put.body.data).toMatchObject({ session: 'home', files: 2 });
  expect(await folderFiles(laptop, 'home', folderPath.split('/').at(-1)!)).toEqual({
    'notes.pdf': sha256(small.data),
    'room.pdf': sha256(big.data),
  });

  const home = { 'x-mock-session': 'home', ...auth, 'content-type': 'application/json' };
  const run = await json(
    await fetch(`${laptop.baseUrl}/integrationfund/fund/run`, {
      method: 'POST',
      headers: home,
      body: JSON.stringify({ ...(exampleValue('FundRunRequest') as object), folderPath }),
    }),
  );
  expect(run.status).toBe(200);
  await fetch(`${laptop.origin}/__mock/settle`, { method: 'POST', headers: { 'x-mock-session': 'home' } });
  const { fundExtractionId } = run.body.data as { fundExtractionId: string };
  const detail = await json(
    await fetch(`${laptop.baseUrl}/integrationfund/fund?fundExtractionId=${fundExtractionId}`, { headers: home }),
  );
  expect(detail.body.data).toMatchObject({ status: 'completed' });
});

it('refuses a document whose file bytes do not match their entry, leaving the session and its files as they were', async () => {
  const exported = (await (await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`)).json()) as Document;
  const before = await state(laptop, 'home');
  const folder = exported.files[0]!.folder;
  const filesBefore = await folderFiles(laptop, 'home', folder);
  const changed = Buffer.from(exported.files[0]!.data, 'base64');
  changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
  const broken = [
    // Bytes changed after the hash was taken.
    { ...exported, files: [{ ...exported.files[0]!, data: changed.toString('base64') }, ...exported.files.slice(1)] },
    // A file no folder record lists.
    { ...exported, files: [...exported.files, { ...exported.files[0]!, name: 'other.pdf' }] },
    // Out of its folder.
    { ...exported, files: [{ ...exported.files[0]!, name: '../../escape.pdf' }] },
    // A format this mock does not know.
    { ...exported, format: 'portfolio-mock-session/9' },
    // A name no disk takes (over 255 bytes), listed by its folder record: refused before the reset.
    withFileNamed(exported, `${'a'.repeat(296)}.pdf`),
  ];
  for (const document of broken) {
    const put = await json(await importInto(laptop.origin, 'home', document));
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ code: 'MOCK_INVALID_REQUEST', data: null });
  }
  expect(await state(laptop, 'home')).toEqual(before);
  expect(await folderFiles(laptop, 'home', folder)).toEqual(filesBefore);
});

it("keeps an imported session's files in the state file's folder: there after a restart", async () => {
  const document = await (await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`)).text();
  const { files } = JSON.parse(document) as Document;
  const put = await importInto(ci.origin, 'returned', document);
  expect(put.status).toBe(200);
  await ci.close();
  ci = await startMock({ port: 0, stateFile: join(stateDir, 'state.jsonl') });
  const folder = files[0]!.folder;
  expect(await folderFiles(ci, 'returned', folder)).toEqual(Object.fromEntries(files.map((f) => [f.name, f.sha256])));
});

it.each(['no store', 'state file'])(
  'switches an import in one step (%s): a disk failing at the rename of its files leaves the session as it was',
  async (store) => {
    const mockOf = () => (store === 'no store' ? laptop : ci);
    const session = 'swap-fault';
    const exported = JSON.parse(await (await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`)).text());
    const put = async (document: unknown) => json(await importInto(mockOf().origin, session, document));
    // The session before: the exported one (processing slowed, so nothing moves during the test),
    // with a company created since: an analysis pending.
    expect((await put({ ...exported, seed: { processingMs: 600_000 } })).status).toBe(200);
    const created = await fetch(`${mockOf().baseUrl}/integration/project`, {
      method: 'POST',
      headers: { 'x-mock-session': session, ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(exampleValue('CreateProjectWithDocLink')),
    });
    expect(created.status).toBe(200);
    const folder = (exported as Document).files[0]!.folder;
    const before = { state: await state(mockOf(), session), files: await folderFiles(mockOf(), session, folder) };
    expect(before.state.pendingJobs).toBeGreaterThan(0);

    const other = withFileNamed({ ...exported, meta: { ...exported.meta, credits: 3 } }, 'other.pdf');
    const failing = failImportMoves();
    let refused;
    try {
      refused = await put(other);
    } finally {
      failing.restore();
    }
    expect(failing.failures()).toBe(1);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ code: 'MOCK_STORAGE_FAILED', data: null });
    expect(await state(mockOf(), session)).toEqual(before.state);
    expect(await folderFiles(mockOf(), session, folder)).toEqual(before.files);
    if (store === 'state file') {
      // Nothing of the refused import was written: read back, the session is the one before.
      await ci.close();
      ci = await startMock({ port: 0, stateFile: join(stateDir, 'state.jsonl') });
      expect(await state(ci, session)).toEqual(before.state);
      expect(await folderFiles(ci, session, folder)).toEqual(before.files);
    }
    // The same document goes in once the disk works.
    expect((await put(other)).status).toBe(200);
    expect(Object.keys(await folderFiles(mockOf(), session, folder))).toContain('other.pdf');
    expect((await state(mockOf(), session)).credits).toBe(3);
  },
);

it('keeps an upload begun while an import is being written: the import does not remove its staging', async () => {
  const session = 'import-race';
  const headers = { 'x-mock-session': session };
  const exported = await (await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`)).text();
  expect((await importInto(ci.origin, session, exported)).status).toBe(200);
  const { uploadsDir } = (await json(await fetch(`${ci.origin}/__mock/state`, { headers }))).body.data as {
    uploadsDir: string;
  };
  // The import's write (the commit naming its token) is held until the upload below has its staging.
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const commit = StateStore.prototype.commit;
  const spy = vi.spyOn(StateStore.prototype, 'commit').mockImplementation(async function (this: StateStore, s, force) {
    if (s.id === session && s.pendingFresh !== undefined) {
      held();
      await released;
    }
    return commit.call(this, s, force);
  });
  let put: Promise<Response> | undefined;
  let upload: Promise<Response> | undefined;
  let body!: ReadableStreamDefaultController<Uint8Array>;
  let bytes = new Uint8Array();
  try {
    put = importInto(ci.origin, session, exported);
    await holding;
    // An upload on the imported state (the one answering now), its body sent in two halves.
    const form = new Response(fundForm([pdf('late.pdf')]));
    bytes = new Uint8Array(await form.arrayBuffer());
    upload = fetch(`${ci.baseUrl}/integrationfund/fund/upload`, {
      method: 'POST',
      headers: { ...headers, ...auth, 'content-type': form.headers.get('content-type')! },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          body = controller;
          controller.enqueue(bytes.subarray(0, bytes.length >> 1));
        },
      }),
      duplex: 'half',
    } as RequestInit);
    const staging = join(uploadsDir, 'staging');
    for (let tries = 0; !(await readdir(staging).catch(() => [])).length; tries += 1) {
      if (tries > 200) throw new Error('the upload made no staging directory');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    release();
    spy.mockRestore();
  }
  expect((await put).status).toBe(200);
  body.enqueue(bytes.subarray(bytes.length >> 1));
  body.close();
  const answer = await json(await upload!);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
});

it('refuses, in the envelope and before any byte of the document, an export of more uploaded bytes than an import takes', async () => {
  // The files' entries claim 40 MiB each (their size is what the limit counts): two pass 64 MiB.
  const entries = vi
    .spyOn(FolderStorage.prototype, 'exportFile')
    .mockImplementation(async (folder, name) => ({ folder, name, size: 40 * 2 ** 20, sha256: '', data: '' }));
  const descriptors = async () => (await readdir('/proc/self/fd')).length;
  const before = await descriptors();
  try {
    const refused = await json(await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'MOCK_EXPORT_TOO_LARGE', data: null });
    expect(entries).toHaveBeenCalledTimes(2);
  } finally {
    entries.mockRestore();
  }
  // The temporary file the document was being written to is closed (and was never left on disk).
  expect(await descriptors()).toBeLessThanOrEqual(before);
  expect((await fetch(`${ci.origin}/__mock/sessions/ci-uploads/export`)).status).toBe(200);
});
