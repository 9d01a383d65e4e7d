// An import (`PUT /__mock/sessions/{id}/export`) read as its body arrives: each record of `records`
// is cut out of the text and parsed on its own (json-items.ts), judged against the contract (a
// thousand at a time) and put into a new state as soon as it is whole, so the document is never
// held, neither as text nor parsed. The projects and analyses are written to disk in parts as they
// come and the new state adopts them as an image read back lazily (import-image-spool.ts); each
// file entry is judged as it comes and its data written to disk (import-files-spool.ts); both
// given by the HTTP mock (import-spools.ts). Nothing of the session changes until the whole body is read and judged: a body cut
// off, malformed or over the limit mid-way leaves the new state unused and the session as it was
// (session-export.ts switches records and files in one step). Measured:
// docs/decisions/2026-11-import-export-streamed.md, 2026-11-import-memory-i32.md.
import type { MockSession } from '../session.ts';
import { JsonItems, MalformedJson } from './json-items.ts';
import type { ExportedFile } from '../uploads/file-transfer.ts';
import { EXPORT_FORMAT, finishImport, ImportedRecords, type LazySink, type SessionExport } from './session-export.ts';
import type { RecordOp } from './session-records.ts';

/** The document's properties read item by item. */
const STREAMED = new Set(['records', 'files']);
/** Records judged against the contract at once (each judged batch is a small document). */
const BATCH = 1000;

/** A body that is not JSON, or stops before its document ends. */
export class MalformedBody extends Error {}
/** A body over the route's limit. */
export class BodyTooLarge extends Error {}
/** A document that breaks the contract's schema (the messages name where, as the validator does). */
export class InvalidDocument extends Error {}

export interface StreamedBody {
  /** The body as it arrives (a Node stream: its events; paused once the import fails). */
  body: { on(event: string, listener: (...args: never[]) => void): unknown; pause(): unknown };
  /** Bytes the body may hold. */
  limit: number;
  /** The contract's messages for a document (or part of one: a batch of records, the head). */
  errors(document: unknown): string[];
  /** The properties a (valid) document does not declare, as dotted paths (`records.0.x`). */
  unknownFields(document: unknown): string[];
}

/**
 * Where an import keeps its file entries and its projects and analyses until the body ends: on
 * disk in the HTTP mock (import-spools.ts, Node only), in memory by default (this module is also
 * bundled with the MSW handlers, which have no disk).
 */
export interface ImportSpools {
  files(): { readonly entries: ExportedFile[]; add(entry: ExportedFile): void; close(): void };
  image?: (apply: (op: RecordOp) => void) => LazySink;
}

const IN_MEMORY: ImportSpools = {
  files: () => {
    const entries: ExportedFile[] = [];
    return { entries, add: (entry) => void entries.push(entry), close: () => undefined };
  },
};

/** A valid head standing beside a batch of records while the batch is judged (the real head is judged at the end). */
const PLACEHOLDER_HEAD = {
  format: EXPORT_FORMAT,
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
  { body, limit, errors, unknownFields }: StreamedBody,
  spools: ImportSpools = IN_MEMORY,
): Promise<{ records: number; files: number; unknownFields: string[] }> {
  const head: Record<string, unknown> = {};
  /** The keys whose array was read item by item (`records`, `files`). */
  const streamed = new Set<string>();
  /** The file entries, each judged as it comes and its data spooled to disk. */
  const files = spools.files();
  let into: ImportedRecords | undefined;
  /** Records read before the document named its seed (a document written in another key order). */
  const early: RecordOp[] = [];
  let batch: RecordOp[] = [];
  let judged = 0;
  /** Undeclared properties seen so far, named as in the whole document (accepted, told to the caller). */
  const unknown: string[] = [];
  const judge = (document: unknown, offset = 0, key = 'records') => {
    const inDocument = (m: string) =>
      m.replace(new RegExp(`${key}\\.(\\d+)`), (_, i: string) => `${key}.${offset + Number(i)}`);
    const messages = errors(document);
    if (messages.length) throw new InvalidDocument(messages.map(inDocument).join('; '));
    unknown.push(...unknownFields(document).map(inDocument));
  };
  const flushBatch = () => {
    judge({ ...PLACEHOLDER_HEAD, records: batch }, judged);
    judged += batch.length;
    if (!into && 'seed' in head) into = new ImportedRecords(session, seedOf(head.seed), spools.image);
    if (into) {
      for (const op of early.splice(0)) into.add(op);
      for (const op of batch) into.add(op);
    } else for (const op of batch) early.push(op);
    batch = [];
  };

  const reader = new JsonItems(STREAMED, {
    value(key, value) {
      head[key] = value;
    },
    array(key) {
      streamed.add(key);
      delete head[key];
    },
    item(key, value) {
      if (key === 'files') {
        judge({ ...PLACEHOLDER_HEAD, records: [], files: [value] }, files.entries.length, 'files');
        files.add(value as ExportedFile);
      } else if (batch.push(value as RecordOp) === BATCH) flushBatch();
    },
  });
  const decoder = new TextDecoder();
  let bytes = 0;
  const feed = (text: string) => {
    try {
      reader.write(text);
    } catch (error) {
      throw error instanceof MalformedJson ? new MalformedBody(error.message) : error;
    }
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: unknown) => {
        // What is left of the body waits: the HTTP mock reads a little of it, then closes the connection (streamed-body-drain.ts).
        if (!failed) reject(error);
        failed = true;
        body.pause();
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
    try {
      reader.end();
    } catch (error) {
      throw error instanceof MalformedJson ? new MalformedBody(error.message) : error;
    }
    if (batch.length) flushBatch();
    // The head judged as a document of no records and no files (each was judged as it came).
    const document = {
      ...head,
      ...(streamed.has('records') ? { records: [] } : {}),
      ...(streamed.has('files') ? { files: [] } : {}),
    } as unknown as SessionExport;
    judge(document);
    into ??= new ImportedRecords(session, seedOf(document.seed), spools.image);
    for (const op of early.splice(0)) into.add(op);
    return { ...(await finishImport(session, document, into, files.entries)), unknownFields: unknown };
  } catch (error) {
    into?.discard();
    throw error;
  } finally {
    files.close();
  }
}

function seedOf(seed: unknown): SessionExport['seed'] {
  return (seed ?? null) as SessionExport['seed'];
}
