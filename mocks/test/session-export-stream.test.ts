// The export and the import of one session, streamed (persistence/export-file.ts,
// persistence/import-stream.ts): an export of a session read back lazily is byte for byte the
// document the export wrote before it was streamed (one JSON.stringify of every record), builds
// none of those records into the tables, and leaves the socket to pull the file (nothing read
// ahead); an import read as its body arrives takes the same document in any key order, and a body
// cut off, malformed or breaking the contract mid-way, or over its limit, is refused in the
// envelope with the session as it was.
import type { ReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { Readable, type Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MockSeed } from '../src/domain/seed.ts';
import type { MockState } from '../src/domain/state.ts';
import { startMock, type RunningMock } from '../src/index.ts';
import { exportStream } from '../src/persistence/export-file.ts';
import { FilesSpool } from '../src/persistence/import-files-spool.ts';
import { diskSpools } from '../src/persistence/import-spools.ts';
import { BodyTooLarge, importStream } from '../src/persistence/import-stream.ts';
import { JsonItems, MalformedJson } from '../src/persistence/json-items.ts';
import { adoptImage, splitImage } from '../src/persistence/lazy-image.ts';
import { toColumns } from '../src/persistence/record-columns.ts';
import { EXPORT_FORMAT, importSession } from '../src/persistence/session-export.ts';
import { allRecords, applyMeta, applyRecord, metaOf, seedOfLine } from '../src/persistence/session-records.ts';
import { MockSession } from '../src/session.ts';
import { builtReadBack } from './support/read-back-built.ts';
import { MemoryStorage } from '../src/uploads/memory-storage.ts';

const WORDS = ['Robotics', 'Energy', 'Fintech', 'Health'];
const seed: MockSeed = {
  startTime: '2026-03-01T00:00:00.000Z',
  processingMs: 600_000,
  data: {
    projects: Array.from({ length: 1_500 }, (_, n) => ({
      ownerUserId: n % 3 === 0 ? 'user-second' : 'user-mock',
      companyName: `${WORDS[n % 4]} Company ${n}`,
      companyIndustry: WORDS[(n * 7) % 4],
      completedAnalysis: n % 4 !== 0,
    })),
  },
};

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The document as the export wrote it before it was streamed: one JSON.stringify of every record, built into the tables. */
function documentBefore(state: MockState): string {
  return JSON.stringify({
    format: EXPORT_FORMAT,
    seed: seedOfLine(state.seed),
    meta: metaOf(state),
    records: [...allRecordsBuilt(state)],
    files: [],
  });
}

/** Every record, the tables walked as the export walked them before (which built every record read back into them). */
function* allRecordsBuilt(state: MockState) {
  for (const _ of state.projects);
  for (const _ of state.analyses);
  yield* allRecords(state);
}

/** A session of the seed, and the same read back lazily (its projects and analyses from an image, in parts of 100). */
function sessions(): { built: MockSession; lazy: MockSession } {
  const storage = new MemoryStorage('/memory');
  const built = new MockSession('built', storage, seed, () => {});
  const lazy = new MockSession('lazy', storage, seed, () => {}, { restoring: true });
  const { eager, index, sections, parts } = splitImage([...allRecords(built.state)], 100, 200);
  const jobs = new Map();
  for (const op of eager) applyRecord(lazy.state, storage, jobs, op);
  const stored = JSON.parse(JSON.stringify({ index, sections, parts: parts.map((part) => toColumns(part)) }));
  adoptImage(lazy.state, {
    index: stored.index,
    keys: () => undefined,
    sections: stored.sections.map((s: unknown) => () => structuredClone(s)),
    parts: stored.parts.map((p: unknown) => () => structuredClone(p)),
  });
  applyMeta(lazy.state, metaOf(built.state));
  return { built, lazy };
}

it('exports a session read back lazily byte for byte as before, building none of its records into the tables', async () => {
  const { built, lazy } = sessions();
  const before = documentBefore(built.state);
  expect(before.length).toBeGreaterThan(1_000_000);
  expect(await text(await exportStream(built))).toBe(before);
  expect(await text(await exportStream(lazy))).toBe(before);
  // Nothing was built into the lazy session's tables.
  for (const table of [lazy.state.projects, lazy.state.analyses] as const) {
    expect(builtReadBack(table)).toEqual([]);
  }
  // The same document once its tables are built, and importable: read back, it exports the same bytes.
  expect(documentBefore(lazy.state)).toBe(before);
  const again = new MockSession('again', new MemoryStorage('/memory'), undefined, () => {});
  await importStream(again, {
    body: Readable.from([Buffer.from(before)]),
    limit: 2 ** 27,
    errors: () => [],
    unknownFields: () => [],
  });
  expect(await text(await exportStream(again))).toBe(before);
});

it('imports the projects and analyses as an image read back lazily from a spool: none built, the same bytes, a key twice built after all', async () => {
  const { built } = sessions();
  const before = documentBefore(built.state);
  const into = (id: string, document: string) => {
    const session = new MockSession(id, new MemoryStorage('/memory'), undefined, () => {});
    return importStream(
      session,
      { body: Readable.from([Buffer.from(document)]), limit: 2 ** 27, errors: () => [], unknownFields: () => [] },
      diskSpools,
    ).then(() => session);
  };
  const lazy = await into('spooled', before);
  for (const table of [lazy.state.projects, lazy.state.analyses] as const) expect(builtReadBack(table)).toEqual([]);
  expect(await text(await exportStream(lazy))).toBe(before);
  expect(builtReadBack(lazy.state.projects)).toEqual([]);
  // A project read by id is built from its part.
  const [, key, value] = JSON.parse(before).records.find((op: unknown[]) => op[0] === 'project');
  expect(lazy.state.projects.get(key)).toEqual(value);
  expect(builtReadBack(lazy.state.projects)).toEqual([0]);
  // A project twice (the later one replaces the earlier): its kind goes into the tables after all, as importSession puts it.
  const document = JSON.parse(before);
  const twice = document.records.findIndex((op: unknown[]) => op[0] === 'analysis');
  document.records.splice(twice, 0, ['project', key, { ...value, companyName: 'Renamed' }]);
  const eager = await into('twice', JSON.stringify(document));
  expect(builtReadBack(eager.state.projects)).toBeUndefined();
  expect(eager.state.projects.get(key)).toMatchObject({ companyName: 'Renamed' });
  expect(builtReadBack(eager.state.analyses)).toEqual([]);
  const parsed = new MockSession('parsed', new MemoryStorage('/memory'), undefined, () => {});
  await importSession(parsed, JSON.parse(JSON.stringify(document)));
  expect(await text(await exportStream(eager))).toBe(await text(await exportStream(parsed)));
});

it('leaves a slow reader to pull the export: nothing is read ahead of what the socket takes', async () => {
  const { lazy } = sessions();
  const stream = await exportStream(lazy);
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Read from the file as the reader asks: a chunk or two ahead, of a document of megabytes.
  expect((stream as ReadStream).bytesRead).toBeLessThanOrEqual(2 * stream.readableHighWaterMark);
  expect((await stat(`/proc/self/fd/${(stream as unknown as { fd: number }).fd}`)).size).toBeGreaterThan(1_000_000);
  stream.destroy();
});

it('refuses a body over its limit mid-way, leaving the session as it was', async () => {
  const session = new MockSession('limit', new MemoryStorage('/memory'), undefined, () => {});
  const state = session.state;
  const chunks = ['{"format":"portfolio-mock-session/2","records":[', ...Array(50).fill('["user","u",null],'), ''];
  await expect(
    importStream(session, {
      body: Readable.from(chunks.map((c) => Buffer.from(c))),
      limit: 500,
      errors: () => [],
      unknownFields: () => [],
    }),
  ).rejects.toThrow(BodyTooLarge);
  expect(session.state).toBe(state);
});

let mock: RunningMock;
let exported = '';
beforeAll(async () => {
  mock = await startMock({ port: 0, seed });
  exported = await (await fetch(`${mock.origin}/__mock/sessions/default/export`)).text();
});
afterAll(async () => {
  await mock?.close();
});

const put = (session: string, body: string | Readable, headers: Record<string, string> = {}) =>
  fetch(`${mock.origin}/__mock/sessions/${session}/export`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : (Readable.toWeb(body) as ReadableStream),
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
const exportOf = async (session: string) => (await fetch(`${mock.origin}/__mock/sessions/${session}/export`)).text();

it('takes a document whose records come before its seed and meta, as the same session', async () => {
  const { format, seed: s, meta, records, files } = JSON.parse(exported);
  const answer = await put('reordered', JSON.stringify({ records, files, meta, seed: s, format }));
  expect(answer.status).toBe(200);
  expect((await answer.json()).data).toEqual({ session: 'reordered', records: records.length, files: 0 });
  expect(await exportOf('reordered')).toBe(exported);
});

it('takes properties the contract does not declare and names them in X-Mock-Unknown-Fields, as for a parsed body', async () => {
  const document = JSON.parse(exported);
  const body = JSON.stringify({ ...document, meta: { ...document.meta, colour: 'blue' }, note: 'taken home from CI' });
  const answer = await put('noted', body);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('x-mock-unknown-fields')?.split(', ').sort()).toEqual(['meta.colour', 'note']);
  expect((await put('plain', exported)).headers.get('x-mock-unknown-fields')).toBeNull();
});

it("judges each file entry as it comes, naming its place, and reads a spooled entry's data back as it came", async () => {
  const document = JSON.parse(exported);
  const entry = { folder: 'f1', name: 'a.pdf', size: 3, sha256: '0'.repeat(64), data: 'YWJj' };
  const extra = { ...entry, name: 'b.pdf' };
  const noted = await put(
    'files-noted',
    JSON.stringify({ ...document, files: [entry, extra, { ...entry, size: 'x' }] }),
  );
  expect(noted.status).toBe(400);
  const envelope = await noted.json();
  expect(envelope).toMatchObject({ code: 'MOCK_INVALID_REQUEST', data: null });
  expect(envelope.description).toMatch(/files\.2\.size/);
  const spool = new FilesSpool();
  try {
    for (const file of [entry, extra, { ...entry, name: 'c.pdf', data: 'é'.repeat(3) }]) spool.add(file);
    // Held without its data: read from the spool when asked for.
    expect(Object.getOwnPropertyDescriptor(spool.entries[0], 'data')?.get).toBeTypeOf('function');
    expect(spool.entries.map((e) => e.data)).toEqual(['YWJj', 'YWJj', 'ééé']);
    expect(JSON.parse(JSON.stringify(spool.entries[1]))).toEqual(extra);
  } finally {
    spool.close();
  }
});

it('refuses a body cut off, malformed or breaking the contract mid-way, in the envelope, the session as it was', async () => {
  // A session other than the document's: a record of the document put into it would show.
  await fetch(`${mock.origin}/__mock/reset`, { method: 'POST', headers: { 'x-mock-session': 'kept' } });
  const before = await exportOf('kept');
  const at = exported.indexOf('["project"', exported.length / 2);
  // The place of the record starting there (every record starts `["<kind>","`).
  const place = exported
    .slice(0, at)
    .match(/\["(user|project|analysis|folder|fundRun|webhook|deliveries|outbox|job)","/g)!.length;
  expect(place).toBeGreaterThan(1000);
  const cases: [string, string | Readable, number, string, RegExp][] = [
    ['cut off', exported.slice(0, at), 400, 'MOCK_MALFORMED_JSON', /ends before its document/],
    [
      'cut off, sent as a stream',
      Readable.from([exported.slice(0, at)]),
      400,
      'MOCK_MALFORMED_JSON',
      /ends before its document/,
    ],
    [
      'malformed',
      `${exported.slice(0, at)}["project",}${exported.slice(at)}`,
      400,
      'MOCK_MALFORMED_JSON',
      /not a whole JSON document: .*JSON/,
    ],
    [
      'a record of no kind',
      `${exported.slice(0, at)}["bogus","x",{}],${exported.slice(at)}`,
      400,
      'MOCK_INVALID_REQUEST',
      new RegExp(`records\\.${place}\\.0 must be one of`),
    ],
    [
      'a company written as removed (nothing removes one)',
      `${exported.slice(0, at)}["project","p-gone",null],${exported.slice(at)}`,
      400,
      'MOCK_INVALID_REQUEST',
      /not a session this mock can take: record project "p-gone" is written as removed \(null\)/,
    ],
    [
      'a folder written as removed',
      `${exported.slice(0, at)}["folder","f-gone",null],${exported.slice(at)}`,
      400,
      'MOCK_INVALID_REQUEST',
      /record folder "f-gone" is written as removed/,
    ],
    ['more after it', `${exported} {}`, 400, 'MOCK_MALFORMED_JSON', /nothing after the document/],
    ['not an export', exported.replace(EXPORT_FORMAT, 'other/1'), 400, 'MOCK_INVALID_REQUEST', /format/],
  ];
  for (const [what, body, status, code, description] of cases) {
    const answer = await put('kept', body);
    expect(answer.status, what).toBe(status);
    const envelope = await answer.json();
    expect(envelope, what).toMatchObject({ code, data: null });
    expect(envelope.description, what).toMatch(description);
  }
  expect(await exportOf('kept')).toBe(before);
});

it('refuses a body declared over the limit before reading it (413 in the envelope)', async () => {
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(mock.origin);
    const call = request({ hostname, port, method: 'PUT', path: '/__mock/sessions/big/export' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    call.on('error', reject);
    call.setHeader('content-type', 'application/json');
    call.setHeader('content-length', String(2 ** 28));
    call.write('{"format":');
    setTimeout(() => call.destroy(), 2000);
  });
  expect(answer.status).toBe(413);
  expect(JSON.parse(answer.body)).toMatchObject({ code: 'MOCK_BODY_TOO_LARGE' });
});

/** Writes `chunk` again and again, as fast as `stream` takes it, until it is destroyed; rejects once 128 MiB went (the mock read on). */
function sendWithoutEnd(stream: Writable, chunk: Buffer, reject: (error: Error) => void): { sent: number } {
  const cap = 128 * 2 ** 20;
  const pumped = { sent: 0 };
  const pump = () => {
    while (pumped.sent < cap && !stream.destroyed) {
      pumped.sent += chunk.length;
      if (!stream.write(chunk)) return void stream.once('drain', pump);
    }
    if (pumped.sent >= cap) reject(new Error(`the mock read ${pumped.sent} bytes of a refused body`));
  };
  pump();
  return pumped;
}

it('answers a body refused mid-way that keeps coming, then closes the connection after a bounded read', async () => {
  const started = Date.now();
  const { status, body, connection, sent } = await new Promise<{
    status: number;
    body: string;
    connection: string | undefined;
    sent: number;
  }>((resolve, reject) => {
    const { hostname, port } = new URL(mock.origin);
    let answer: { status: number; body: string; connection: string | undefined } | undefined;
    const call = request({ hostname, port, method: 'PUT', path: '/__mock/sessions/endless/export' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => {
        answer = { status: response.statusCode!, body, connection: response.headers.connection };
      });
    });
    call.setHeader('content-type', 'application/json');
    // Malformed at once, then spaces without end (chunked: no declared length), as fast as the socket takes them.
    call.write('{"format":1,]');
    const pumped = sendWithoutEnd(call, Buffer.alloc(64 * 1024, 0x20), reject);
    call.on('error', () => undefined);
    call.on('close', () =>
      answer ? resolve({ ...answer, sent: pumped.sent }) : reject(new Error('closed with no answer')),
    );
  });
  expect(status).toBe(400);
  expect(JSON.parse(body)).toMatchObject({ code: 'MOCK_MALFORMED_JSON' });
  expect(connection).toBe('close');
  // Read at most DRAIN_BYTES (4 MiB) before the answer and as much after it; the rest is the sockets' buffers.
  expect(sent).toBeLessThan(64 * 2 ** 20);
  expect(Date.now() - started).toBeLessThan(2_900);
});

it('closes the connection of a refused body that keeps coming after a bounded read, when its client never reads the answer', async () => {
  const started = Date.now();
  const sent = await new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(mock.origin);
    const socket = connect({ host: hostname, port: Number(port) });
    socket.pause(); // never reads: the answer stays in the socket, the mock lingers to its bounds alone
    socket.write(
      'PUT /__mock/sessions/unread/export HTTP/1.1\r\nhost: mock\r\ncontent-type: application/json\r\n' +
        'transfer-encoding: chunked\r\n\r\nd\r\n{"format":1,]\r\n',
    );
    const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(64 * 1024, 0x20), Buffer.from('\r\n')]);
    const pumped = sendWithoutEnd(socket, chunk, reject);
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(pumped.sent));
  });
  // At most DRAIN_BYTES before the answer and as much after it; the rest is the sockets' buffers.
  expect(sent).toBeLessThan(64 * 2 ** 20);
  expect(Date.now() - started).toBeLessThan(2_900);
});

it('cuts a JSON object into its values and items, however its text is split, as JSON.parse reads it', () => {
  const document = {
    format: 'x',
    seed: { a: [1, { b: 'q"]}[{\\' }], c: null, 'k\\"ey': '\u00e9\ud83d\ude00' },
    meta: -1.5e3,
    flag: true,
    records: [['user', 'u"1', { n: [[], {}], s: '\\\\"' }], 7, 'a,b]', null, [], {}],
    files: [],
    after: false,
  };
  const text = JSON.stringify(document, null, 1);
  for (const size of [1, 2, 3, 7, 64, text.length]) {
    const seen: Record<string, unknown> = {};
    const reader = new JsonItems(new Set(['records', 'files']), {
      value: (key, value) => (seen[key] = value),
      array: (key) => (seen[key] = []),
      item: (key, value) => (seen[key] as unknown[]).push(value),
    });
    for (let at = 0; at < text.length; at += size) reader.write(text.slice(at, at + size));
    reader.end();
    expect(seen, `pieces of ${size}`).toEqual(document);
  }
  for (const broken of [
    '',
    '[]',
    '{"a":1',
    '{"a":1,}',
    '{"a" 1}',
    '{"records":[1,]}',
    '{"records":[1 2]}',
    '{"a":tru}',
    '{} x',
    '{"a":"x}',
  ]) {
    const reader = new JsonItems(new Set(['records']), { value() {}, array() {}, item() {} });
    expect(() => {
      reader.write(broken);
      reader.end();
    }, broken).toThrow(MalformedJson);
  }
});
