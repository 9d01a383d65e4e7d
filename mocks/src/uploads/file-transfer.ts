// Uploaded files in and out of a session export (`portfolio-mock-session/2`): a file's bytes as
// base64 with their size and SHA-256, and back, each file decoded and checked against its size
// and hash before anything of the importing session changes. One file's bytes are in memory at a
// time (beside the document itself, which the import route's body limit bounds).
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { syncDirectory } from '../persistence/append-log.ts';

/** One uploaded file of an exported session: where it was (its folder's id, its name) and its bytes. */
export interface ExportedFile {
  folder: string;
  name: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** The bytes, base64. */
  data: string;
}

/**
 * The file-system steps of an import (staging, the moves in and out of place, the clean-up), in one
 * property: a test can make a disk fail at one of them, or kill the mock there (import-kill.e2e.test.ts).
 */
export const importSteps = { writeFile, rename, rm };

/** The name of the file that marks an import's files staged whole (`imports/import-<token>/staged`). */
export const STAGED_MARK = 'staged';

/**
 * Files decoded and checked, laid out as a session's folders (`<tree>/<folder id>/<name>`) outside
 * them, until the import puts the whole tree in place of the session's (UploadStorage.swapIn).
 */
export interface StagedImport {
  /** The import's token: its staging directory is `import-<token>`, and the records it writes name it. */
  readonly token: string;
  /** The staged folders. */
  readonly tree: string;
  discard(): Promise<void>;
}

/** A file entry of a document that does not hold what it says. */
export class ImportProblem extends Error {}

/** The export entry of a file's bytes. */
export function exportedFile(folder: string, name: string, bytes: Uint8Array): ExportedFile {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    folder,
    name,
    size: buffer.length,
    sha256: createHash('sha256').update(buffer).digest('hex'),
    data: buffer.toString('base64'),
  };
}

/** The bytes of an entry, checked against its size and hash. */
export function decodedFile(file: ExportedFile): Buffer {
  // Read once: an import's entries read their data back from a spool (persistence/import-files-spool.ts).
  const { data } = file;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0)
    throw new ImportProblem(`file ${file.folder}/${file.name}: data is not base64`);
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length !== file.size)
    throw new ImportProblem(`file ${file.folder}/${file.name}: ${bytes.length} bytes, its entry says ${file.size}`);
  const hash = createHash('sha256').update(bytes).digest('hex');
  if (hash !== file.sha256.toLowerCase())
    throw new ImportProblem(`file ${file.folder}/${file.name}: its bytes do not match its sha256`);
  return bytes;
}

/**
 * Decodes and checks every file into a fresh directory `under`, as the folders they go to (names
 * checked by the caller: each stays in its folder); nothing is left there when one fails. With
 * `durable` every file and directory entry is synced: once moved in, the files are on disk. The
 * mark file is written last: a directory without it was cut short while staging, and is only removed.
 */
export async function stageFiles(under: string, files: ExportedFile[], durable = false): Promise<StagedImport> {
  const token = randomBytes(6).toString('hex');
  const dir = join(under, `import-${token}`);
  const tree = join(dir, 'folders');
  try {
    await mkdir(tree, { recursive: true, mode: 0o700 });
    const folders = new Set<string>();
    for (const file of files) {
      const folder = join(tree, file.folder);
      if (!folders.has(folder)) await mkdir(folder);
      folders.add(folder);
      await importSteps.writeFile(join(folder, file.name), decodedFile(file), { flush: durable });
    }
    await importSteps.writeFile(join(dir, STAGED_MARK), '', { flush: durable });
    if (durable) for (const folder of [...folders, tree, dir]) syncDirectory(folder);
  } catch (error) {
    await removeImportDir(dir);
    throw error;
  }
  return { token, tree, discard: () => removeImportDir(dir) };
}

/** Removes an import's staging directory, its mark first: a removal cut short leaves nothing that reads as staged. */
export async function removeImportDir(dir: string): Promise<void> {
  await importSteps.rm(join(dir, STAGED_MARK), { force: true });
  await importSteps.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
}

/** A file's bytes on disk, undefined when it is not there. */
export async function bytesOnDisk(path: string): Promise<Buffer | undefined> {
  return readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}
