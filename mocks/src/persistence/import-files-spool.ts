// The file entries of an import as its body arrives: each entry's data (base64) is written to an
// unlinked temporary file as soon as the entry is whole and let go, so until the body ends the
// import holds its files' names and hashes, not their bytes (up to 64 MiB, a third more as base64).
// Staging reads each entry's data back when it decodes that file, one file at a time.
import type { ExportedFile } from '../uploads/file-transfer.ts';
import { SpoolFile } from './spool-file.ts';

export class FilesSpool {
  /** The entries so far; each one's `data` is read from the spool when asked for. */
  readonly entries: ExportedFile[] = [];
  private readonly spool = new SpoolFile('mock-import-files');

  /** Keeps `entry` (judged already: its data is a string), its data written to the spool. */
  add(entry: ExportedFile): void {
    const { data, ...rest } = entry;
    const place = this.spool.append(data);
    const read = () => this.spool.read(place);
    this.entries.push(Object.defineProperty(rest, 'data', { get: read, enumerable: true }) as ExportedFile);
  }

  /** Closes the spool (its file is already unlinked: nothing is left behind). */
  close(): void {
    this.spool.close();
  }
}
