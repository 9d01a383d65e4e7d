// An export (`GET /__mock/sessions/{id}/export`) as the HTTP mock sends it: written to a temporary
// file, a thousand records at a time, and streamed from there, so the process never holds the
// document as one string (nor its bytes beside it) however big the session: the records are
// serialized in one synchronous pass (one moment of the session, as a single JSON.stringify was),
// a thousand at a time as they are read (never all of them at once: a record read back and not
// built yet is built for the look and let go), each file's entry as it is read. The socket takes
// the file as fast as the client reads (a stream's backpressure): a slow reader costs disk, not memory. The file is unlinked as soon as it is opened: nothing is left
// behind, whatever becomes of the process. Measured: docs/decisions/2026-11-export-streamed.md.
import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { MockSession } from '../session.ts';
import { exportFiles, exportHead, exportRecords, type FolderFiles } from './session-export.ts';
import type { RecordOp } from './session-records.ts';

const RECORDS_PER_PIECE = 1000;

/** The session's export document as a stream of its JSON text; throws (before any byte) ExportTooLargeError. */
export async function exportStream(session: MockSession): Promise<Readable> {
  const path = join(tmpdir(), `mock-export-${randomBytes(8).toString('hex')}.json`);
  const fd = openSync(path, 'wx+', 0o600);
  const write = (text: string) => {
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
  };
  try {
    unlinkSync(path);
    const folders: FolderFiles = new Map();
    write(`${JSON.stringify(exportHead(session)).slice(0, -1)},"records":[`);
    let piece: RecordOp[] = [];
    let first = true;
    const flush = () => {
      write(`${first ? '' : ','}${JSON.stringify(piece).slice(1, -1)}`);
      first = false;
      piece = [];
    };
    for (const op of exportRecords(session, folders)) if (piece.push(op) === RECORDS_PER_PIECE) flush();
    if (piece.length) flush();
    write('],"files":[');
    first = true;
    for await (const file of exportFiles(session, folders)) {
      write(`${first ? '' : ','}${JSON.stringify(file)}`);
      first = false;
    }
    write(']}');
  } catch (error) {
    closeSync(fd);
    rmSync(path, { force: true });
    throw error;
  }
  return createReadStream('', { fd, start: 0 });
}
