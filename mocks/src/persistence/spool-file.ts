// An unlinked temporary file that text is appended to and read back from by position: what an
// import keeps on disk until its body ends (import-files-spool.ts, import-image-spool.ts). The file
// is unlinked as soon as it is opened (on the first append), so nothing is left behind, whatever
// becomes of the process.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where a text is in a spool: [offset, bytes]. */
export type SpoolPlace = [number, number];

export class SpoolFile {
  private readonly name: string;
  private fd: number | undefined;
  private end = 0;

  /** `name`: the temporary file's name prefix (it names the spool in a listing of open files). */
  constructor(name: string) {
    this.name = name;
  }

  /** Writes `text` at the end; answers where it is. */
  append(text: string): SpoolPlace {
    if (this.fd === undefined) {
      const path = join(tmpdir(), `${this.name}-${randomBytes(8).toString('hex')}`);
      this.fd = openSync(path, 'wx+', 0o600);
      unlinkSync(path);
    }
    const bytes = Buffer.from(text, 'utf8');
    const at = this.end;
    for (let n = 0; n < bytes.length; ) n += writeSync(this.fd, bytes, n, bytes.length - n, at + n);
    this.end += bytes.length;
    return [at, bytes.length];
  }

  /** The text appended at `place`. */
  read([at, length]: SpoolPlace): string {
    const bytes = Buffer.allocUnsafe(length);
    for (let got = 0; got < length; ) {
      const n = this.fd === undefined ? 0 : readSync(this.fd, bytes, got, length - got, at + got);
      if (n === 0) throw new Error(`the ${this.name} spool ended early`);
      got += n;
    }
    return bytes.toString('utf8');
  }

  /** Closes the file (a read after it throws). */
  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
