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
import type { MockState } from '../domain/state.ts';
import { untracked } from './change-tracking.ts';
import { adoptImage, drained, indexSteps, LAZY_FIELDS, type IndexColumns, type LazyKind } from './lazy-image.ts';
import { fromColumns, toColumns } from './record-columns.ts';
import type { LazySink } from './session-export.ts';
import type { RecordOp } from './session-records.ts';
import { SpoolFile, type SpoolPlace } from './spool-file.ts';

/** Records a part holds (as a state file's and PostgreSQL's images do). */
const PART = 1000;

interface Spooled extends IndexColumns {
  /** Where each part's text is in the spool. */
  at: SpoolPlace[];
  seen: Set<string>;
}

export class ImageSpool implements LazySink {
  private readonly apply: (op: RecordOp) => void;
  private readonly kinds = new Map<LazyKind, Spooled>();
  /** Kinds put into the tables after all. */
  private readonly eager = new Set<string>();
  private chunk: RecordOp[] = [];
  private chunkKind: LazyKind | undefined;
  private spool = new SpoolFile('mock-import-image');

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
    const sectionsAt = sections.map((section) => this.spool.append(JSON.stringify(section)));
    for (const [, spooled] of columns) {
      // Only the index's header and where its pieces are stay in memory.
      spooled.fields = [];
      spooled.keys = [];
      spooled.seen.clear();
    }
    // The state's image holds the spool from here (a discard after it closes nothing).
    const spool = this.spool;
    this.spool = new SpoolFile('mock-import-image');
    untracked(state, () =>
      adoptImage(state, {
        index,
        keys: () => undefined,
        sections: sectionsAt.map((at) => () => JSON.parse(spool.read(at))),
        parts: columns.flatMap(([, spooled]) => spooled.at.map((at) => () => JSON.parse(spool.read(at)))),
        release: () => spool.close(),
      }),
    );
  }

  /** The import failed, or nothing was spooled: the spool is closed. */
  discard(): void {
    this.spool.close();
  }

  private flush(): void {
    if (!this.chunk.length) return;
    const spooled = this.kinds.get(this.chunkKind!)!;
    spooled.at.push(this.spool.append(JSON.stringify(toColumns(this.chunk))));
    spooled.parts.push(this.chunk.length);
    this.chunk = [];
  }

  /** The kind's records so far put into the tables, in their order; its next ones go there too. */
  private toTables(kind: LazyKind): void {
    this.eager.add(kind);
    const spooled = this.kinds.get(kind);
    if (!spooled) return;
    this.kinds.delete(kind);
    for (const at of spooled.at) fromColumns(JSON.parse(this.spool.read(at)), this.apply);
    if (this.chunkKind === kind) {
      for (const op of this.chunk) this.apply(op);
      this.chunk = [];
    }
  }
}
