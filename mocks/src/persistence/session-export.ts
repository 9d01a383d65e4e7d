// One session as a document (`GET/PUT /__mock/sessions/{id}/export`): its seed, meta values, every
// record (the same records a state file or the database keeps) and, since format 2, the bytes of
// the files uploaded into its folders, so a CI job's session can be taken home and put into a mock
// on a laptop, where a fund runs over the same files. Format 1 documents (no files) are still taken.
import type { MockSeed } from '../domain/seed.ts';
import type { MockState } from '../domain/state.ts';
import type { MockSession } from '../session.ts';
import type { ExportedFile, StagedImport } from '../uploads/file-transfer.ts';
import type { UploadStorage } from '../uploads/folder-storage.ts';
import { outboxOf } from './delivery-outbox.ts';
import { restoreJobs } from './pending-jobs.ts';
import { allRecords, applyMeta, applyRecord, metaOf, seedOfLine, type Meta, type RecordOp } from './session-records.ts';

export const EXPORT_FORMAT = 'portfolio-mock-session/2';
const FORMATS: readonly string[] = ['portfolio-mock-session/1', EXPORT_FORMAT];
/**
 * Uploaded bytes one export carries at most (64 MiB): as base64 beside the records they fit the
 * import's body limit (128 MiB, control-api.openapi.yaml), and the importing mock keeps the
 * file entries until the body ends (the HTTP mock on disk, import-files-spool.ts). An export of more is refused, not cut short.
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

/** The document's head: what it holds before its records. */
export function exportHead(session: MockSession): Pick<SessionExport, 'format' | 'seed' | 'meta'> {
  const { state } = session;
  return { format: EXPORT_FORMAT, seed: seedOfLine(state.seed), meta: metaOf(state) };
}

/**
 * The session's records as they are now, one at a time, each folder's file names noted in
 * `folders` as it passes (what `exportFiles` reads next). Records read back and not built yet are
 * read from their parts and not kept: read it in one synchronous pass, one moment of the session.
 */
export function* exportRecords(session: MockSession, folders: FolderFiles): Generator<RecordOp> {
  for (const op of allRecords(session.state)) {
    noteFolder(folders, op);
    yield op;
  }
}

/**
 * The files the folder records listed, as export entries, one at a time (their bytes from where
 * the store keeps them); throws ExportTooLargeError once they pass MAX_EXPORT_FILE_BYTES.
 */
export async function* exportFiles(session: MockSession, folders: FolderFiles): AsyncGenerator<ExportedFile> {
  let bytes = 0;
  for (const [folderId, names] of folders)
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
  const folders: FolderFiles = new Map();
  const head = exportHead(session);
  const records = [...exportRecords(session, folders)];
  const files: ExportedFile[] = [];
  for await (const file of exportFiles(session, folders)) files.push(file);
  return { ...head, records, files };
}

/**
 * Where an import may keep the projects and analyses out of the new state's tables (the HTTP
 * mock's streamed import: import-image-spool.ts, on disk) until the body ends, then have the state
 * adopt them as an image read back lazily.
 */
export interface LazySink {
  /** Takes the record (true), or leaves it to the tables (false). */
  take(op: RecordOp): boolean;
  /** Every record is in: the state adopts what was taken. */
  adopt(state: MockState): void;
  /** The import failed: what was taken is let go. */
  discard(): void;
}

/**
 * Records put into a new state of the importing session, one at a time (as a body streams them,
 * import-stream.ts, or from a parsed document): the session is not touched until `finishImport`.
 */
export class ImportedRecords {
  readonly state: MockState;
  readonly seed: MockSeed | null;
  /** The folders' file names the records list: the file entries must name one of them. */
  readonly folders: FolderFiles = new Map();
  count = 0;
  private readonly jobs = new Map<number, { due: number; job: never }>();
  private readonly storage: UploadStorage;
  private readonly lazy: LazySink | undefined;

  /** `lazy`: what keeps projects and analyses out of the tables until the end, given how a record goes into them. */
  constructor(session: MockSession, seed: MockSeed | null, lazy?: (apply: (op: RecordOp) => void) => LazySink) {
    this.seed = seed;
    this.storage = session.storage;
    this.state = session.importState(seed ?? undefined);
    this.lazy = lazy?.((op) => applyRecord(this.state, this.storage, this.jobs, op));
  }

  add(op: RecordOp): void {
    if (!this.lazy?.take(op)) applyRecord(this.state, this.storage, this.jobs, op);
    noteFolder(this.folders, op);
    this.count += 1;
  }

  /** The meta values and pending processing, once every record is in. */
  close(meta: Meta): void {
    this.lazy?.adopt(this.state);
    applyMeta(this.state, meta);
    restoreJobs(this.state.scheduler, this.jobs);
    // Deliveries the exporting mock had under way are not sent from here.
    outboxOf(this.state).interrupted();
  }

  /** The import failed: nothing of the new state runs. */
  discard(): void {
    this.lazy?.discard();
    this.state.scheduler.cancelAll();
  }
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
  checkFormat(document.format);
  const into = new ImportedRecords(session, document.seed);
  try {
    for (const op of document.records) into.add(op);
  } catch (error) {
    into.discard();
    throw error;
  }
  return finishImport(session, document, into, document.files ?? []);
}

/**
 * The rest of an import once its records are in `into`: the document's format, meta and files
 * checked, the files staged, and the session switched to the new state and files in one step.
 */
export async function finishImport(
  session: MockSession,
  document: Pick<SessionExport, 'format' | 'meta'>,
  into: ImportedRecords,
  files: ExportedFile[],
): Promise<{ records: number; files: number }> {
  let staged: StagedImport | undefined;
  try {
    checkFormat(document.format);
    into.close(document.meta);
    checkFiles(into.folders, files);
    staged = await session.storage.stageImport(files);
  } catch (error) {
    into.discard();
    throw error;
  }
  try {
    await session.replace(into.seed ?? undefined, into.state, staged);
  } finally {
    await staged?.discard();
  }
  return { records: into.count, files: staged ? files.length : 0 };
}

function checkFormat(format: string): void {
  if (!FORMATS.includes(format)) throw new Error(`format ${format} is not one of ${FORMATS.join(', ')}`);
}

/** The file names of each folder, by folder id (the last segment of the folder's path). */
export type FolderFiles = Map<string, Set<string>>;

/** Notes a folder record's file names (a later record of the same folder replaces them). */
function noteFolder(folders: FolderFiles, [kind, , value]: RecordOp): void {
  if (kind !== 'folder' || !value) return;
  const { folderPath, fileNames } = value as { folderPath?: unknown; fileNames?: unknown };
  const folderId = typeof folderPath === 'string' ? folderPath.split('/').at(-1) : undefined;
  if (folderId && Array.isArray(fileNames))
    folders.set(folderId, new Set(fileNames.filter((n): n is string => typeof n === 'string')));
}

const SAFE_FOLDER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Each file entry names a file its folder's record lists, once, under a name that stays in its folder. */
function checkFiles(listed: FolderFiles, files: ExportedFile[]): void {
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
