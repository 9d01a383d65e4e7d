// An import (`PUT /__mock/sessions/{id}/export`) read as its body arrives: the JSON text is cut into
// tokens by stream-json's tokenizer, each record of `records` is judged against the contract (a
// thousand at a time) and put into a new state as soon as it is whole, so the document is never
// held, neither as text nor parsed: memory grows with the session imported, not twice over with its
// document. Nothing of the session changes until the whole body is read and judged: a body cut
// off, malformed or over the limit mid-way leaves the new state unused and the session as it was
// (session-export.ts switches records and files in one step). Measured:
// docs/decisions/2026-11-26-import-export-streamed.md.
// The core entries: no Node built-in (the MSW handlers' bundle imports this file too).
import { Assembler } from 'stream-json/core/assembler.js';
import { jsonParser, type Token } from 'stream-json/core/parser.js';
import type { MockSession } from '../session.ts';
import type { ExportedFile } from '../uploads/file-transfer.ts';
import { finishImport, ImportedRecords, type SessionExport } from './session-export.ts';
import type { RecordOp } from './session-records.ts';

/** Records judged against the contract at once (each judged batch is a small document). */
const BATCH = 1000;

/** A body that is not JSON, or stops before its document ends. */
export class MalformedBody extends Error {}
/** A body over the route's limit. */
export class BodyTooLarge extends Error {}
/** A document that breaks the contract's schema (the messages name where, as the validator does). */
export class InvalidDocument extends Error {}

export interface StreamedBody {
  /** The body as it arrives (a Node stream: its events). */
  body: { on(event: string, listener: (...args: never[]) => void): unknown };
  /** Bytes the body may hold. */
  limit: number;
  /** The contract's messages for a document (a part of one: a batch of records, the head). */
  errors(document: unknown): string[];
}

/** A valid head standing beside a batch of records while the batch is judged (the real head is judged at the end). */
const PLACEHOLDER_HEAD = {
  format: 'portfolio-mock-session/2',
  seed: null,
  meta: { credits: 0, engineAvailable: true, faults: {}, lastJob: 0 },
};

/**
 * Replaces the session by the document its body streams (as importSession does with a parsed
 * one); throws MalformedBody, BodyTooLarge or InvalidDocument (the session as it was) before any
 * change, and what the switch throws (the store, the disk) as importSession does.
 */
export async function importStream(
  session: MockSession,
  { body, limit, errors }: StreamedBody,
): Promise<{ records: number; files: number }> {
  const head: Record<string, unknown> = {};
  /** The keys whose array was read item by item (`records`, `files`). */
  const streamed = new Set<string>();
  const files: ExportedFile[] = [];
  let into: ImportedRecords | undefined;
  /** Records read before the document named its seed (a document written in another key order). */
  const early: RecordOp[] = [];
  let batch: RecordOp[] = [];
  let judged = 0;
  const judge = (document: unknown, offset = 0) => {
    const messages = errors(document);
    if (messages.length)
      throw new InvalidDocument(
        messages.map((m) => m.replace(/records\.(\d+)/, (_, i: string) => `records.${offset + Number(i)}`)).join('; '),
      );
  };
  const flushBatch = () => {
    judge({ ...PLACEHOLDER_HEAD, records: batch }, judged);
    judged += batch.length;
    if (!into && 'seed' in head) into = new ImportedRecords(session, seedOf(head.seed));
    if (into) {
      for (const op of early.splice(0)) into.add(op);
      for (const op of batch) into.add(op);
    } else for (const op of batch) early.push(op);
    batch = [];
  };

  // Where the tokens are: before the document, in its object, in `records` or `files`, after it.
  let where: 'start' | 'head' | 'records' | 'files' | 'end' = 'start';
  let key: string | undefined;
  /** The value being put together (a head value, a record, a file entry), and where it goes. */
  let value: Assembler | undefined;
  let valueOf: 'head' | 'records' | 'files' = 'head';
  const take = (token: Token) => {
    if (value) {
      value.consume(token);
      if (!value.done) return;
      const whole = value.current;
      value = undefined;
      if (valueOf === 'head') head[key!] = whole;
      else if (valueOf === 'files') files.push(whole as ExportedFile);
      else if (batch.push(whole as RecordOp) === BATCH) flushBatch();
      return;
    }
    switch (where) {
      case 'start':
        if (token.name !== 'startObject') throw new MalformedBody('the document is not a JSON object');
        where = 'head';
        return;
      case 'head':
        if (token.name === 'keyValue') key = token.value;
        else if (token.name === 'endObject') where = 'end';
        else if (token.name === 'startArray' && (key === 'records' || key === 'files')) {
          where = key;
          streamed.add(key);
          delete head[key];
        } else start('head', token);
        return;
      case 'records':
      case 'files':
        if (token.name === 'endArray') where = 'head';
        else start(where, token);
        return;
      case 'end':
        throw new MalformedBody('the body goes on after the document');
    }
  };
  const start = (of: typeof valueOf, token: Token) => {
    valueOf = of;
    value = new Assembler();
    take(token);
  };

  const decoder = new TextDecoder();
  const tokenize = jsonParser({ packValues: true, streamValues: false });
  let bytes = 0;
  const feed = (text: string | typeof NONE) => {
    let tokens: unknown;
    try {
      tokens = text === NONE ? (tokenize as unknown as (end: symbol) => unknown)(NONE) : tokenize(text);
    } catch (error) {
      throw new MalformedBody(error instanceof Error ? error.message : String(error));
    }
    const list = tokens as { values?: Token[] } | symbol as { values?: Token[] };
    for (const token of list?.values ?? []) take(token);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: unknown) => {
        // What is left of the body is read and dropped: the client gets the answer, not a reset socket.
        if (!failed) reject(error);
        failed = true;
      };
      // Each chunk is taken in full before the next is read: the socket waits, nothing piles up.
      body.on('data', (chunk: Uint8Array) => {
        if (failed) return;
        try {
          bytes += chunk.length;
          if (bytes > limit) throw new BodyTooLarge(`the body is over ${limit} bytes`);
          feed(decoder.decode(chunk, { stream: true }));
        } catch (error) {
          fail(error);
        }
      });
      body.on('end', () => {
        if (!failed) resolve();
        failed = true;
      });
      body.on('error', (error: Error) => fail(new MalformedBody(`the body was cut off: ${error.message}`)));
      body.on('close', () => fail(new MalformedBody('the body was cut off')));
    });
    feed(decoder.decode());
    feed(NONE);
    // `take` moves `where` (TypeScript does not see it from here).
    if ((where as string) !== 'end') throw new MalformedBody('the body ends before its document does');
    if (batch.length) flushBatch();
    // The head, and the file entries, judged as a document of no records.
    const document = {
      ...head,
      ...(streamed.has('records') ? { records: [] } : {}),
      ...(streamed.has('files') ? { files } : {}),
    } as unknown as SessionExport;
    judge(document);
    into ??= new ImportedRecords(session, seedOf(document.seed));
    for (const op of early.splice(0)) into.add(op);
    return await finishImport(session, document, into, files);
  } catch (error) {
    into?.discard();
    throw error;
  }
}

const NONE = Symbol.for('object-stream.none');

function seedOf(seed: unknown): SessionExport['seed'] {
  return (seed ?? null) as SessionExport['seed'];
}
