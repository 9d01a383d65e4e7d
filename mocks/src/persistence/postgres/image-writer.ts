// A session's image in PostgreSQL (rows of mock_images) written a part at a time, for a whole
// write (cluster-store.ts `imageParts`, at once) and a compaction (compaction.ts, spread over turns
// of the event loop): the records other than projects and analyses in columns, IMAGE_PART a part,
// in their order; then, when there are any, the header of the projects' and analyses' index, its
// sections, and their parts in columns, packed (lazy-image.ts has the format). Records are taken
// one at a time from an iterable, so a session read back lazily is written without building every
// record at once; each lazy part is written with its index values read at the same moment as its
// records (the reader checks each part against the index).
import { imageKinds, indexSteps, LAZY_FIELDS, type IndexColumns, type LazyKind } from '../lazy-image.ts';
import { toColumns } from '../record-columns.ts';
import type { RecordOp } from '../session-records.ts';

/** The image's pieces: eager parts as text, then what is packed (the index's header, its sections, the lazy parts). */
export interface WrittenImage<T> {
  eager: string[];
  /** The header's index first, then its sections, then the lazy parts; empty without lazy records. */
  packed: T[];
  records: number;
}

/**
 * Writes `records` (allRecords' order: each kind's records together) as an image's pieces, yielding
 * after each part and each step of its index. `lazyKinds`: the kinds written lazily (each of their
 * records must hold its indexed field as a string); a record of one that does not ends the writing
 * with that kind (written again with it eager: `{ notIndexed }`). `pack` packs a piece's text (at
 * once, or a promise of it off the event loop).
 */
export function* writeImage<T>(
  records: Iterable<RecordOp>,
  lazyKinds: ReadonlySet<LazyKind>,
  partSize: number,
  pack: (text: string) => T,
): Generator<void, WrittenImage<T> | { notIndexed: LazyKind }> {
  const eager: string[] = [];
  let eagerChunk: RecordOp[] = [];
  /** Records of a lazy kind written eager (not every record indexed): after the other eager ones, as imageKinds puts them. */
  const late = new Map<string, RecordOp[]>();
  const lazy = new Map<LazyKind, IndexColumns & { packed: T[] }>();
  let chunk: RecordOp[] = [];
  let chunkKind: LazyKind | undefined;
  let count = 0;
  const flushLazy = () => {
    if (!chunk.length) return;
    lazy.get(chunkKind!)!.packed.push(pack(JSON.stringify(toColumns(chunk))));
    lazy.get(chunkKind!)!.parts.push(chunk.length);
    chunk = [];
  };
  const eagerOne = function* (op: RecordOp): Generator<void> {
    eagerChunk.push(op);
    if (eagerChunk.length < partSize) return;
    eager.push(JSON.stringify(toColumns(eagerChunk)));
    eagerChunk = [];
    yield;
  };
  for (const op of records) {
    count += 1;
    const kind = op[0] as LazyKind;
    // A part holds one kind, written in the turn its records are read in.
    if (chunk.length && kind !== chunkKind) flushLazy();
    if (!(kind in LAZY_FIELDS)) {
      yield* eagerOne(op);
      continue;
    }
    if (!lazyKinds.has(kind)) {
      let kept = late.get(kind);
      if (!kept) late.set(kind, (kept = []));
      kept.push(op);
      continue;
    }
    const value = (op[2] as Record<string, unknown> | null)?.[LAZY_FIELDS[kind]];
    if (typeof value !== 'string') return { notIndexed: kind };
    let columns = lazy.get(kind);
    if (!columns) lazy.set(kind, (columns = { fields: [], keys: [], parts: [], packed: [] }));
    columns.fields.push(value);
    columns.keys.push(op[1]);
    chunkKind = kind;
    chunk.push(op);
    if (chunk.length === partSize) {
      flushLazy();
      yield;
    }
  }
  flushLazy();
  for (const kind of Object.keys(LAZY_FIELDS)) for (const op of late.get(kind) ?? []) yield* eagerOne(op);
  if (eagerChunk.length) eager.push(JSON.stringify(toColumns(eagerChunk)));
  const kinds = (Object.keys(LAZY_FIELDS) as LazyKind[]).filter((kind) => lazy.has(kind));
  if (!kinds.length) return { eager, packed: [], records: count };
  const { index, sections } = yield* indexSteps(kinds.map((kind) => [kind, lazy.get(kind)!]));
  return {
    eager,
    packed: [
      pack(JSON.stringify(index)),
      ...sections.map((section) => pack(JSON.stringify(section))),
      ...kinds.flatMap((kind) => lazy.get(kind)!.packed),
    ],
    records: count,
  };
}

/** The kinds of these records an image holds lazily (each of their records has its indexed field). */
export function lazyKindsOf(records: readonly RecordOp[]): Set<LazyKind> {
  return new Set(imageKinds(records).lazy.map(([kind]) => kind));
}

/** The image's rows in order, its pieces packed. */
export function assembleImage(eager: string[], packed: string[]): string[] {
  if (!packed.length) return eager;
  return [...eager, JSON.stringify({ x3: packed[0] }), ...packed.slice(1)];
}
