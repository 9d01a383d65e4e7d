// The projects and analyses of an import as its body arrives (the HTTP mock's streamed import):
// instead of being built into the new state's tables, each kind's records are cut into parts of
// PART records, each part written in columns to an unlinked temporary file as soon as it is whole
// and let go, and only each record's key and indexed field kept for the index. When the body ends,
// the index and its sections are made (lazy-image.ts) and the new state adopts the image as a
// state read back from a state file does: a record is read from its part when first touched. So
// the import holds the session's other records, the keys and fields while the index is made, and
// one part, not every project and analysis; the session after it is lazy, as after a restart.
// A kind that cannot be an image (a record without its indexed field as a string, or a key twice:
// the later one replaces the earlier) is put into the tables after all, its parts read back.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MockState } from '../domain/state.ts';
import { untracked } from './change-tracking.ts';
import { adoptImage, drained, indexSteps, LAZY_FIELDS, type IndexColumns, type LazyKind } from './lazy-image.ts';
import { fromColumns, toColumns } from './record-columns.ts';
import type { LazySink } from './session-export.ts';
import type { RecordOp } from './session-records.ts';

/** Records a part holds (as a state file's and PostgreSQL's images do). */
const PART = 1000;

interface Spooled extends IndexColumns {
  /** Where each part's text is in the spool: [offset, bytes]. */
  at: [number, number][];
  seen: Set<string>;
}

export class ImageSpool implements LazySink {
  private readonly apply: (op: RecordOp) => void;
  private readonly kinds = new Map<LazyKind, Spooled>();
  /** Kinds put into the tables after all. */
  private readonly eager = new Set<string>();
  private chunk: RecordOp[] = [];
  private chunkKind: LazyKind | undefined;
  private fd: number | undefined;
  private end = 0;

  /** `apply`: puts a record into the new state's tables (what an import does with a record not spooled). */
  constructor(apply: (op: RecordOp) => void) {
    this.apply = apply;
  }

  /** Takes `op` if it is a record of the image; false: the caller puts it into the tables. */
  take(op: RecordOp): boolean {
    const [kindName, key, value] = op;
    if (!(kindName in LAZY_FIELDS) || this.eager.has(kindName)) return false;
    const kind = kindName as LazyKind;
    const field = (value as Record<string, unknown> | null)?.[LAZY_FIELDS[kind]];
    let spooled = this.kinds.get(kind);
    if (typeof field !== 'string' || spooled?.seen.has(key)) {
      this.toTables(kind);
      return false;
    }
    if (!spooled) this.kinds.set(kind, (spooled = { fields: [], keys: [], parts: [], at: [], seen: new Set() }));
    if (this.chunk.length && this.chunkKind !== kind) this.flush();
    spooled.seen.add(key);
    spooled.fields.push(field);
    spooled.keys.push(key);
    this.chunkKind = kind;
    if (this.chunk.push(op) === PART) this.flush();
    return true;
  }

  /** The body has ended: the state adopts the image (the spool is closed once its tables let it go). */
  adopt(state: MockState): void {
    this.flush();
    const kinds = (Object.keys(LAZY_FIELDS) as LazyKind[]).filter((kind) => this.kinds.has(kind));
    if (!kinds.length) return this.discard();
    const columns = kinds.map((kind) => [kind, this.kinds.get(kind)!] as [LazyKind, Spooled]);
    const { index, sections } = drained(indexSteps(columns));
    const sectionsAt = sections.map((section) => this.write(JSON.stringify(section)));
    for (const [, spooled] of columns) {
      // Only the index's header and where its pieces are stay in memory.
      spooled.fields = [];
      spooled.keys = [];
      spooled.seen.clear();
    }
    const fd = this.fd!;
    this.fd = undefined;
    untracked(state, () =>
      adoptImage(state, {
        index,
        keys: () => undefined,
        sections: sectionsAt.map((at) => () => JSON.parse(readAt(fd, at))),
        parts: columns.flatMap(([, spooled]) => spooled.at.map((at) => () => JSON.parse(readAt(fd, at)))),
        release: () => closeSync(fd),
      }),
    );
  }

  /** The import failed, or nothing was spooled: the spool is closed. */
  discard(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private flush(): void {
    if (!this.chunk.length) return;
    const spooled = this.kinds.get(this.chunkKind!)!;
    spooled.at.push(this.write(JSON.stringify(toColumns(this.chunk))));
    spooled.parts.push(this.chunk.length);
    this.chunk = [];
  }

  /** The kind's records so far put into the tables, in their order; its next ones go there too. */
  private toTables(kind: LazyKind): void {
    this.eager.add(kind);
    const spooled = this.kinds.get(kind);
    if (!spooled) return;
    this.kinds.delete(kind);
    for (const at of spooled.at) fromColumns(JSON.parse(readAt(this.fd!, at)), this.apply);
    if (this.chunkKind === kind) {
      for (const op of this.chunk) this.apply(op);
      this.chunk = [];
    }
  }

  private write(text: string): [number, number] {
    if (this.fd === undefined) {
      const path = join(tmpdir(), `mock-import-image-${randomBytes(8).toString('hex')}`);
      this.fd = openSync(path, 'wx+', 0o600);
      unlinkSync(path);
    }
    const bytes = Buffer.from(text);
    const at = this.end;
    for (let n = 0; n < bytes.length; ) n += writeSync(this.fd, bytes, n, bytes.length - n, at + n);
    this.end += bytes.length;
    return [at, bytes.length];
  }
}

function readAt(fd: number, [at, length]: [number, number]): string {
  const bytes = Buffer.allocUnsafe(length);
  for (let got = 0; got < length; ) {
    const n = readSync(fd, bytes, got, length - got, at + got);
    if (n === 0) throw new Error('the import image spool ended early');
    got += n;
  }
  return bytes.toString('utf8');
}
