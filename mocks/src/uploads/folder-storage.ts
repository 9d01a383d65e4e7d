// Uploaded files on disk, one directory per session of the mock (runtime.ts). Files are streamed into a
// staging directory first and only moved into their folder when the whole upload succeeded, so a
// failed upload never leaves a partial folder or file behind.
import { randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, open, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { syncDirectory } from '../persistence/append-log.ts';
import {
  bytesOnDisk,
  type ExportedFile,
  exportedFile,
  importSteps,
  removeImportDir,
  STAGED_MARK,
  type StagedImport,
  stageFiles,
} from './file-transfer.ts';

export interface StagedFile {
  /** Name as stored (sanitised file name from the request). */
  name: string;
  /** Where the bytes are while staged. */
  path: string;
}

/** A file moved into its folder since its session was last written (the PostgreSQL store copies its bytes). */
export interface UnsentFile {
  folderId: string;
  name: string;
  /** Where the bytes are now. */
  path: string;
}

/** Where a session's uploaded files go: on disk (FolderStorage) or nowhere but their names (MemoryStorage). */
export interface UploadStorage {
  readonly root: string;
  createStaging(): Promise<string>;
  folderDir(folderId: string): string;
  commit(dir: string, files: StagedFile[], isNew: boolean): Promise<void>;
  remove(dir: string): Promise<void>;
  clear(): Promise<void>;
  destroy(): Promise<void>;
  /** With `shared`: the files committed since the last call, taken (the write that stores their folder stores them). */
  takeUnsent?(): UnsentFile[];
  /** With `shared`: every file in the session's folders now, the unsent ones taken too (a fresh write stores them all). */
  takeAll?(): Promise<UnsentFile[]>;
  /** A stored file as an export entry; undefined when its bytes are not kept. */
  exportFile(folderId: string, name: string): Promise<ExportedFile | undefined>;
  /** Decodes and checks an import's files where a reset leaves them (undefined: bytes are not kept). */
  stageImport(files: ExportedFile[]): Promise<StagedImport | undefined>;
  /**
   * Puts an import's staged folders in place of the session's; a failure leaves the session's files
   * as they were. The answer undoes it (the import's records could not be written) or finishes it.
   */
  swapIn(staged: StagedImport | undefined): Promise<FilesSwap>;
  /**
   * Finishes or turns back what imports not under way left on disk (a crash, a failed clean-up):
   * the import whose token is `committed` (the one the session's records came from) is finished,
   * any other is turned back, so the files are those of the records. Idempotent; a kill during it
   * leaves what the next call completes.
   */
  settleImports?(committed: string | undefined): Promise<void>;
}

/** An import's files in place of the session's, not final yet. */
export interface FilesSwap {
  /** Puts the session's files before the swap back. */
  undo(): Promise<void>;
  /** Removes the files before the swap, and uploads under way when it happened. */
  finish(): Promise<void>;
}

/** Where the PostgreSQL store keeps a file's bytes: read from there (undefined when not there yet). */
export type StoredBytes = (folderId: string, name: string) => Promise<Uint8Array | undefined>;

export class FolderStorage implements UploadStorage {
  readonly root: string;
  private readonly durable: boolean;
  /** With `shared`, by folder and name: the files the next write of the session stores in the database. */
  private readonly unsent: Map<string, UnsentFile> | undefined;
  private readonly stored: StoredBytes | undefined;
  /** Tokens of the imports staged and not finished or turned back yet (settleImports leaves them). */
  private readonly importing = new Set<string>();

  /**
   * Nothing is created until the first upload. `durable`: files are synced before an upload is
   * answered (state file). `shared`: committed files are listed for `takeUnsent`, and an export
   * reads their bytes from `shared` (the PostgreSQL store: what the database holds, whatever this
   * node's disk has), from the disk only when the database has none yet.
   */
  constructor(root: string, durable = false, shared?: StoredBytes) {
    this.root = root;
    this.durable = durable;
    if (shared) this.unsent = new Map();
    this.stored = shared;
  }

  /**
   * A fresh place for a mock's uploads in the temporary folder, created with its first upload: a mock
   * that is killed (SIGKILL, a crash) before any upload leaves nothing behind.
   */
  static async temporaryRoot(): Promise<string> {
    return join(tmpdir(), `fund-mock-${randomBytes(8).toString('hex')}`);
  }

  async createStaging(): Promise<string> {
    // Owner-only, as a temporary directory should be; the folders beside it inherit nothing wider.
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await mkdir(join(this.root, 'staging'), { recursive: true });
    return mkdtemp(join(this.root, 'staging', 'upload-'));
  }

  folderDir(folderId: string): string {
    return join(this.root, 'folders', folderId);
  }

  /** Moves staged files into a folder (created when new); a later file of the same name replaces the earlier one. */
  async commit(dir: string, files: StagedFile[], isNew: boolean): Promise<void> {
    if (isNew) await mkdir(dir, { recursive: true });
    try {
      for (const file of files) await rename(file.path, join(dir, file.name));
      if (this.durable) await syncFiles(dir, files, isNew);
      const folderId = basename(dir);
      for (const file of files)
        this.unsent?.set(`${folderId}/${file.name}`, { folderId, name: file.name, path: join(dir, file.name) });
    } catch (error) {
      if (isNew) await this.remove(dir);
      throw error;
    }
  }

  async remove(dir: string): Promise<void> {
    // Retried: an upload still writing into the directory (during a reset) makes rmdir fail ENOTEMPTY.
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }

  takeUnsent(): UnsentFile[] {
    const files = [...(this.unsent?.values() ?? [])];
    this.unsent?.clear();
    return files;
  }

  async exportFile(folderId: string, name: string): Promise<ExportedFile | undefined> {
    const pending = this.unsent?.has(`${folderId}/${name}`);
    const bytes =
      (pending ? undefined : await this.stored?.(folderId, name)) ??
      (await bytesOnDisk(join(this.folderDir(folderId), name)));
    return bytes && exportedFile(folderId, name, bytes);
  }

  /** Staged beside `staging` and `folders` (on the same file system: moved in by a rename). */
  async stageImport(files: ExportedFile[]): Promise<StagedImport> {
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    const staged = await stageFiles(join(this.root, 'imports'), files, this.durable);
    this.importing.add(staged.token);
    return {
      ...staged,
      discard: async () => {
        try {
          await staged.discard();
        } finally {
          this.importing.delete(staged.token);
        }
      },
    };
  }

  /**
   * Two renames: the session's `folders` aside (`folders-replaced-<token>`), the staged tree in its
   * place; when the second fails the first is turned back, so the session keeps its files. No file
   * is copied. Every state on the way is one `settleImports` tells apart after a crash: the staged
   * tree still in `imports/import-<token>/` (not moved in) or gone from there (moved in), the
   * folders before aside or not.
   */
  async swapIn(staged: StagedImport | undefined): Promise<FilesSwap> {
    const folders = join(this.root, 'folders');
    const before = join(this.root, `folders-replaced-${staged?.token ?? randomBytes(6).toString('hex')}`);
    // The uploads under way now are of the state before: their staging goes once the swap is final.
    // Listed now, not the whole `staging` then: an upload begun on the imported state keeps its own.
    const underWay = await namesIn(join(this.root, 'staging'));
    const moved = await importSteps.rename(folders, before).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    const restore = async () => {
      if (moved) await importSteps.rename(before, folders);
      if (this.durable) syncDirectory(this.root);
    };
    try {
      if (staged) await importSteps.rename(staged.tree, folders);
      if (this.durable) syncDirectory(this.root);
    } catch (error) {
      await restore();
      throw error;
    }
    const unsent = new Map(this.unsent);
    this.unsent?.clear();
    return {
      undo: async () => {
        // The protocol run backwards: the import's tree back where it was staged, then the folders before.
        if (staged) await importSteps.rename(folders, staged.tree);
        await restore();
        for (const [key, file] of unsent) this.unsent?.set(key, file);
      },
      finish: async () => {
        await importSteps.rm(before, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
        await Promise.all(underWay.map((name) => this.remove(join(this.root, 'staging', name))));
      },
    };
  }

  async settleImports(committed: string | undefined): Promise<void> {
    const folders = join(this.root, 'folders');
    const imports = join(this.root, 'imports');
    let settled = false;
    for (const name of await namesIn(imports)) {
      const token = /^import-([0-9a-f]+)$/.exec(name)?.[1];
      if (token && this.importing.has(token)) continue;
      const dir = join(imports, name);
      const tree = join(dir, 'folders');
      const before = join(this.root, `folders-replaced-${token}`);
      if (token && token !== committed && (await exists(join(dir, STAGED_MARK)))) {
        // Staged whole, its records not written: each step is turned back, the last one first.
        if (!(await exists(tree))) await moveIfThere(folders, tree);
        await moveIfThere(before, folders);
      }
      // Finished (the records are the import's: its tree is in place), or turned back: what is left goes.
      await importSteps.rm(before, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
      await removeImportDir(dir);
      settled = true;
    }
    // Synced only when something was settled: a reset with nothing left over costs one readdir.
    if (settled && this.durable) syncDirectory(this.root);
  }

  async takeAll(): Promise<UnsentFile[]> {
    this.unsent?.clear();
    const folders = join(this.root, 'folders');
    const files: UnsentFile[] = [];
    for (const folderId of await namesIn(folders))
      for (const name of await namesIn(join(folders, folderId)))
        files.push({ folderId, name, path: join(folders, folderId, name) });
    return files;
  }

  /** Empties the session's directory (reset) without removing it. */
  async clear(): Promise<void> {
    this.unsent?.clear();
    await Promise.all([this.remove(join(this.root, 'folders')), this.remove(join(this.root, 'staging'))]);
  }

  async destroy(): Promise<void> {
    await this.remove(this.root);
  }
}

/** The entries of a directory; none when it does not exist. */
async function namesIn(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Renames `from` to `to` when `from` is there (a step a crash may have done already). */
async function moveIfThere(from: string, to: string): Promise<void> {
  await importSteps.rename(from, to).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

/** Makes moved files and their directory entries durable (the folder's record is written next). */
async function syncFiles(dir: string, files: StagedFile[], isNew: boolean): Promise<void> {
  for (const file of new Set(files.map((f) => f.name))) {
    const handle = await open(join(dir, file), 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }
  syncDirectory(dir);
  if (isNew) syncDirectory(dirname(dir));
}
