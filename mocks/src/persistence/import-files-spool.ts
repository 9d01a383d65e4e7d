// The file entries of an import as its body arrives: each entry's data (base64) is written to an
// unlinked temporary file as soon as the entry is whole and let go, so until the body ends the
// import holds its files' names and hashes, not their bytes (up to 64 MiB, a third more as base64).
// Staging reads each entry's data back when it decodes that file, one file at a time.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportedFile } from '../uploads/file-transfer.ts';

export class FilesSpool {
  /** The entries so far; each one's `data` is read from the spool when asked for. */
  readonly entries: ExportedFile[] = [];
  private fd: number | undefined;
  private end = 0;

  /** Keeps `entry` (judged already: its data is a string), its data written to the spool. */
  add(entry: ExportedFile): void {
    const { data, ...rest } = entry;
    const bytes = Buffer.from(data, 'utf8');
    const fd = this.open();
    const at = this.end;
    for (let written = 0; written < bytes.length; )
      written += writeSync(fd, bytes, written, bytes.length - written, at + written);
    this.end += bytes.length;
    const read = () => {
      const back = Buffer.allocUnsafe(bytes.length);
      for (let got = 0; got < back.length; ) {
        const n = readSync(fd, back, got, back.length - got, at + got);
        if (n === 0) throw new Error('the import files spool ended early');
        got += n;
      }
      return back.toString('utf8');
    };
    this.entries.push(Object.defineProperty(rest, 'data', { get: read, enumerable: true }) as ExportedFile);
  }

  /** Closes the spool (its file is already unlinked: nothing is left behind). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private open(): number {
    if (this.fd !== undefined) return this.fd;
    const path = join(tmpdir(), `mock-import-files-${randomBytes(8).toString('hex')}`);
    this.fd = openSync(path, 'wx+', 0o600);
    unlinkSync(path);
    return this.fd;
  }
}
