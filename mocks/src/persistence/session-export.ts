// One session as a document (`GET/PUT /__mock/sessions/{id}/export`): its seed, meta values, every
// record (the same records a state file or the database keeps) and, since format 2, the bytes of
// the files uploaded into its folders, so a CI job's session can be taken home and put into a mock
// on a laptop, where a fund runs over the same files. Format 1 documents (no files) are still taken.
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import type { ExportedFile } from '../uploads/file-transfer.ts';
import { outboxOf } from './delivery-outbox.ts';
import { restoreJobs } from './pending-jobs.ts';
import { allRecords, applyMeta, applyRecord, metaOf, seedOfLine, type Meta, type RecordOp } from './session-records.ts';

export const EXPORT_FORMAT = 'portfolio-mock-session/2';
const FORMATS: readonly string[] = ['portfolio-mock-session/1', EXPORT_FORMAT];
/**
 * Uploaded bytes one export carries at most (64 MiB): as base64 beside the records they fit the
 * import's body limit (128 MiB, control-api.openapi.yaml), and the importing mock holds the
 * document in memory once parsed. An export of more is refused, not cut short.
 */
export const MAX_EXPORT_FILE_BYTES = 64 * 2 ** 20;

export interface SessionExport {
  format: string;
  seed: MockSeed | null;
  meta: Meta;
  records: RecordOp[];
  /** Format 2: each uploaded file of the session's folders whose bytes the mock keeps. */
  files?: ExportedFile[];
}

/** A session whose uploaded files are more than an import takes. */
export class ExportTooLargeError extends Error {}

/** What an export holds before its files are read: the document's head, and the records as they are now. */
export function exportHead(session: MockSession): {
  head: Pick<SessionExport, 'format' | 'seed' | 'meta'>;
  records: RecordOp[];
} {
  const { state } = session;
  return {
    head: { format: EXPORT_FORMAT, seed: seedOfLine(state.seed), meta: metaOf(state) },
    records: [...allRecords(state)],
  };
}

/**
 * The files the records list, as export entries, one at a time (their bytes from where the store
 * keeps them); throws ExportTooLargeError once they pass MAX_EXPORT_FILE_BYTES.
 */
export async function* exportFiles(session: MockSession, records: RecordOp[]): AsyncGenerator<ExportedFile> {
  let bytes = 0;
  for (const [folderId, names] of folderFiles(records))
    for (const name of names) {
      const file = await session.storage.exportFile(folderId, name);
      if (!file) continue;
      bytes += file.size;
      if (bytes > MAX_EXPORT_FILE_BYTES)
        throw new ExportTooLargeError(
          `session ${session.id} holds more than ${MAX_EXPORT_FILE_BYTES / 2 ** 20} MiB of uploaded files, more than an import takes`,
        );
      yield file;
    }
}

/** The session as a document; its files' bytes from where its store keeps them. */
export async function exportSession(session: MockSession): Promise<SessionExport> {
  // Taken before any file is read: the records and the files listed are of one moment.
  const { head, records } = exportHead(session);
  const files: ExportedFile[] = [];
  for await (const file of exportFiles(session, records)) files.push(file);
  return { ...head, records, files };
}

/**
 * Replaces the session by the document (as a reset does); answers how many records it read and
 * files it wrote (none where the storage keeps no bytes: the MSW handlers). Every file is decoded
 * and checked before the session changes, and the records and files are switched in one step
 * (MockSession.replace): a bad document or a failure at the switch leaves the session as it was.
 */
export async function importSession(
  session: MockSession,
  document: SessionExport,
): Promise<{ records: number; files: number }> {
  if (!FORMATS.includes(document.format))
    throw new Error(`format ${document.format} is not one of ${FORMATS.join(', ')}`);
  const files = document.files ?? [];
  checkFiles(document.records, files);
  const { storage } = session;
  const staged = await storage.stageImport(files);
  try {
    await session.replace(
      document.seed ?? undefined,
      (state) => {
        const jobs = new Map<number, { due: number; job: never }>();
        applyMeta(state, document.meta);
        for (const op of document.records) applyRecord(state, storage, jobs, op);
        restoreJobs(state.scheduler, jobs);
        // Deliveries the exporting mock had under way are not sent from here.
        outboxOf(state).interrupted();
      },
      staged,
    );
  } finally {
    await staged?.discard();
  }
  return { records: document.records.length, files: staged ? files.length : 0 };
}

/** The folders' file names the records list, by folder id (the last segment of the folder's path). */
function folderFiles(records: RecordOp[]): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [kind, , value] of records) {
    if (kind !== 'folder' || !value) continue;
    const { folderPath, fileNames } = value as { folderPath?: unknown; fileNames?: unknown };
    const folderId = typeof folderPath === 'string' ? folderPath.split('/').at(-1) : undefined;
    if (folderId && Array.isArray(fileNames))
      folders.set(folderId, new Set(fileNames.filter((n): n is string => typeof n === 'string')));
  }
  return folders;
}

const SAFE_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Each file entry names a file its folder's record lists, once, under a name that stays in its folder. */
function checkFiles(records: RecordOp[], files: ExportedFile[]): void {
  const listed = folderFiles(records);
  const seen = new Set<string>();
  for (const file of files) {
    const where = `${file.folder}/${file.name}`;
    if (!SAFE_FOLDER.test(file.folder) || /[/\\\0]/.test(file.name) || file.name === '.' || file.name === '..')
      throw new Error(`file ${JSON.stringify(where)} does not name a file in a folder`);
    // Checked here, not left to the disk: a rename failing after the reset would leave the session half replaced.
    if (Buffer.byteLength(file.name) > 255) throw new Error(`file ${where} has a name longer than 255 bytes`);
    if (!listed.get(file.folder)?.has(file.name))
      throw new Error(`file ${where} is not listed by a folder record of the document`);
    if (seen.has(where)) throw new Error(`file ${where} is in the document twice`);
    seen.add(where);
  }
}
