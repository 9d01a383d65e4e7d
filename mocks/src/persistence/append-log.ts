// An append-only file of JSON lines with group commit: every line appended while a write is under
// way goes into the next write, and one fdatasync makes the whole batch durable, so the cost of a
// durable change is one small append (not a rewrite of the state) shared by concurrent changes.
// A crash can leave only a torn last write, which the next open cuts off (`cut`). Compaction writes the whole
// state to a new file, syncs it and renames it over the old one (atomic on POSIX file systems).
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

interface Pending {
  text: string;
  done: () => void;
  failed: (error: unknown) => void;
}

export class StateFileError extends Error {}

const WRITE_PIECE = 8 * 1024 * 1024;

export class AppendLog {
  private queue: Pending[] = [];
  private writing: Promise<void> | undefined;
  private closed = false;
  private last: Promise<void> = Promise.resolve();
  /** Bytes in the file now. */
  size: number;

  readonly path: string;
  private handle: FileHandle;
  /** Called between batches; may replace the file through `rewrite`. */
  private readonly maintain: (log: AppendLog) => Promise<void>;

  private constructor(path: string, handle: FileHandle, size: number, maintain: (log: AppendLog) => Promise<void>) {
    this.path = path;
    this.handle = handle;
    this.maintain = maintain;
    this.size = size;
  }

  /** Opens (or creates) the file for appending; what it holds is read by the caller (state-store.ts). */
  static async open(path: string, maintain: (log: AppendLog) => Promise<void> = async () => {}): Promise<AppendLog> {
    await rm(`${path}.compacting`, { force: true });
    let handle: FileHandle;
    try {
      handle = await open(path, 'a+');
    } catch (error) {
      throw new StateFileError(`cannot read the state file ${path}: ${(error as Error).message}`);
    }
    syncDirectory(dirname(path));
    return new AppendLog(path, handle, (await handle.stat()).size, maintain);
  }

  /** Cuts the file at `size`: a write a crash interrupted (never acknowledged). */
  async cut(size: number): Promise<void> {
    await this.handle.truncate(size);
    await this.handle.datasync();
    this.size = size;
  }

  /** Resolves once the line (no newline in it) is durable. */
  append(line: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the state file is closed'));
    this.last = new Promise((done, failed) => {
      this.queue.push({ text: `${line}\n`, done, failed });
      this.writing ??= this.drain();
    });
    return this.last;
  }

  /** Resolves when every line appended so far is durable (batches are written in order). */
  durable(): Promise<void> {
    return this.last;
  }

  /** Resolves when nothing is being written. */
  async flushed(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /**
   * The lines waiting to be written, taken out of the queue: a compaction built at this moment holds
   * what they say, so they are not written after it (a journal line would be read twice, a dropped
   * session's line would follow an image without it). Each resolves with `settle`.
   */
  takeQueued(): { settle(error?: unknown): void } {
    const taken = this.queue;
    this.queue = [];
    return {
      settle: (error) => {
        if (error === undefined) for (const p of taken) p.done();
        // The old file stays when a compaction fails: the lines are written to it after all.
        else this.queue.unshift(...taken);
      },
    };
  }

  /** Replaces the file by these bytes (compaction); called from `maintain`, between batches. */
  async rewrite(parts: AsyncIterable<Buffer>): Promise<void> {
    const temporary = `${this.path}.compacting`;
    const out = await open(temporary, 'w');
    let size = 0;
    try {
      for await (const part of parts) size += await writeAll(out, part);
      await out.datasync();
    } finally {
      await out.close();
    }
    await rename(temporary, this.path);
    syncDirectory(dirname(this.path));
    await this.handle.close();
    this.handle = await open(this.path, 'a');
    this.size = size;
  }

  async close(): Promise<void> {
    await this.flushed();
    this.closed = true;
    await this.handle.close();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue;
        this.queue = [];
        const before = this.size;
        try {
          // In pieces of a few MiB: a whole batch (a session of a million records) can pass V8's longest string.
          let piece = '';
          for (const p of batch) {
            if (piece.length + p.text.length > WRITE_PIECE && piece) {
              this.size += await writeAll(this.handle, piece);
              piece = '';
            }
            piece += p.text;
          }
          if (piece) this.size += await writeAll(this.handle, piece);
          await this.handle.datasync();
          for (const p of batch) p.done();
        } catch (error) {
          // A batch is all or nothing: the lines of it already written are cut off again, so a
          // refused write (an import, say) leaves no torn group for the next batch to close.
          await this.handle.truncate(before).then(
            () => (this.size = before),
            () => undefined,
          );
          for (const p of batch) p.failed(error);
        }
        await this.maintain(this);
      }
    } finally {
      this.writing = undefined;
    }
  }
}

async function writeAll(handle: FileHandle, data: string | Buffer): Promise<number> {
  const buffer = typeof data === 'string' ? Buffer.from(data) : data;
  let written = 0;
  while (written < buffer.length) written += (await handle.write(buffer, written)).bytesWritten;
  return buffer.length;
}

/** Makes a created or renamed file's directory entry durable. */
export function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
