// A big session's image read lazily. Projects and analyses are written apart from the other
// records: an index (a project's owner or an analysis's project, in their order), their keys,
// and then parts of records in columns (record-columns.ts), one kind a part. Reading the session
// back parses the index only; the keys are parsed on the first look-up by key, and a part when
// one of its records is first touched
// (domain/lazy-records.ts), so a session of 100,000 projects answers its first list without
// parsing or building them (docs/decisions/2026-11-team-mock-start-up-quiet.md).
import type { LazyRecords, Positions } from '../domain/lazy-records.ts';
import type { MockState } from '../domain/state.ts';
import { fromColumns } from './record-columns.ts';
import type { RecordOp } from './session-records.ts';

/** The kinds read lazily, in the order their parts are written, and the field each indexes. */
const LAZY_FIELDS = { project: 'ownerUserId', analysis: 'projectId' } as const;
type LazyKind = keyof typeof LAZY_FIELDS;
const LAZY_KINDS = Object.keys(LAZY_FIELDS) as LazyKind[];

/**
 * Strings in their order: joined by newlines (`j`; `w` when every one has that many UTF-16 units,
 * so a value is read and searched for without splitting), as runs of one value (`r`:
 * [value, count]), or as they are (`a`: when one holds a newline). A joined or listed column may
 * also hold its positions ordered by value (`o`: little-endian 32-bit positions, base64; equal
 * values in position order), so a search is a binary search rather than a scan (a release
 * without `o` ignores it).
 */
type Column = ({ j: string; w?: number } | { r: [string, number][] } | { a: string[] }) & { o?: string };

interface KindIndex {
  /** The indexed field (LAZY_FIELDS) of each record. */
  field: Column;
  /** How many records each of the kind's parts holds, in order. */
  parts: number[];
}

/** The index of an image's lazy parts: per kind, the parts follow in LAZY_KINDS order. */
export type ImageIndex = Partial<Record<LazyKind, KindIndex>>;

/** Per kind, its records' keys in their order. */
export type ImageKeys = Partial<Record<LazyKind, Column>>;

/**
 * An image's index, its keys (parsed on the first look-up by key, to `ImageKeys`) and its lazy
 * parts (each parsed on first touch, to records in columns).
 */
export interface LazyImage {
  index: ImageIndex;
  keys: () => unknown;
  parts: (() => unknown)[];
  /**
   * Where the keys and parts are fetched apart (PostgreSQL): resolves once those named (`-1` the
   * keys, else a part's number) are at hand; reading one before that throws. Absent: each is read
   * when asked (the state file reads it synchronously).
   */
  fetch?: (wanted: readonly number[]) => Promise<void>;
  /** Told when every record is built, the tables are cleared, or they are collected (what the image is read from may be let go). */
  release?: () => void;
}

/** Releases a table's lazy records it never told (a session dropped unbuilt). */
const unreleased = new FinalizationRegistry<() => void>((release) => release());

function column(values: string[]): Column {
  let changes = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) changes += 1;
  if (changes * 4 <= values.length) {
    const runs: [string, number][] = [];
    for (const value of values) {
      const last = runs.at(-1);
      if (last && last[0] === value) last[1] += 1;
      else runs.push([value, 1]);
    }
    return { r: runs };
  }
  const o = sortedOrder(values);
  if (values.some((v) => v.includes('\n'))) return { a: values, o };
  const width = values[0]?.length ?? 0;
  return values.every((v) => v.length === width) ? { j: values.join('\n'), w: width, o } : { j: values.join('\n'), o };
}

/** The positions ordered by value (`<`, as the reader's search compares), equal values by position; as `o`. */
function sortedOrder(values: string[]): string {
  const order = Array.from({ length: values.length }, (_, i) => i);
  // Already in order (keys made in sequence, analyses in their projects' order): one pass, no sort.
  let sorted = true;
  for (let i = 1; i < values.length && sorted; i++) sorted = values[i - 1]! <= values[i]!;
  if (!sorted)
    order.sort((a, b) => {
      const x = values[a]!;
      const y = values[b]!;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  const bytes = Buffer.allocUnsafe(order.length * 4);
  for (let i = 0; i < order.length; i++) bytes.writeUInt32LE(order[i]!, i * 4);
  return bytes.toString('base64');
}

interface ColumnReader {
  at(i: number): string;
  /** The positions holding `value`, in increasing order. */
  positionsOf(value: string): number[];
  /** The same without an array of them. */
  matching(value: string): Positions;
}

/** The last place of ascending `starts` (whose first is at most `i`) holding a value at most `i`: a binary search. */
function lastAtOrBelow(starts: readonly number[], i: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= i) low = mid;
    else high = mid - 1;
  }
  return low;
}

function fromArray(list: readonly number[]): Positions {
  return { length: list.length, at: (k) => list[k]! };
}

/** `o` as positions; a damaged one (wrong length, a position out of range) throws. */
function decodeOrder(o: unknown, count: number, what: string): Uint32Array {
  const bytes = typeof o === 'string' ? Buffer.from(o, 'base64') : undefined;
  if (!bytes || bytes.length !== count * 4)
    throw new Error(`the image's ${what} order does not hold ${count} positions`);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const at = bytes.readUInt32LE(i * 4);
    if (at >= count) throw new Error(`the image's ${what} order names position ${at} of ${count}`);
    order[i] = at;
  }
  return order;
}

/**
 * A column's values. Fixed-width values and runs are read in place; other columns are made into an
 * array on first use. A search is a binary search of `o` when the column has it, of the runs for
 * runs, else a string search (fixed width) or a scan.
 */
function reader(col: Column, count: number, what: string): ColumnReader {
  let values: string[] | undefined;
  const all = (): string[] => {
    if ('a' in col) values = col.a;
    else if ('j' in col) values = col.j === '' && count === 0 ? [] : col.j.split('\n');
    else {
      values = [];
      for (const [value, n] of col.r) for (let i = 0; i < n; i++) values.push(value);
    }
    if (values.length !== count || values.some((v) => typeof v !== 'string'))
      throw new Error(`the image's ${what} column does not hold ${count} strings`);
    return values;
  };
  const fixed = 'j' in col && typeof col.w === 'number' && col.w > 0 && col.j.length === count * (col.w + 1) - 1;
  let at = (i: number) => (values ?? all())[i]!;
  if (fixed && 'j' in col) {
    const step = col.w! + 1;
    at = (i) => {
      if (!(i >= 0 && i < count)) throw new Error(`the image's ${what} column has no position ${i}`);
      return col.j.slice(i * step, i * step + col.w!);
    };
  }
  if ('r' in col) {
    // Where each run starts, checked once: a million owners stay a few runs.
    let runStarts: number[] | undefined;
    const starts = (): number[] => {
      if (runStarts) return runStarts;
      const made: number[] = [];
      let total = 0;
      for (const run of Array.isArray(col.r) ? col.r : []) {
        if (!Array.isArray(run) || typeof run[0] !== 'string' || !Number.isInteger(run[1]) || run[1] <= 0)
          throw new Error(`the image's ${what} column holds a damaged run`);
        made.push(total);
        total += run[1];
      }
      if (total !== count) throw new Error(`the image's ${what} column does not hold ${count} strings`);
      return (runStarts = made);
    };
    const runAt = (i: number) => lastAtOrBelow(starts(), i);
    const runsOf = (value: string): Positions => {
      const list = starts();
      const from: number[] = [];
      const before: number[] = [];
      let length = 0;
      col.r.forEach(([v, n], run) => {
        if (v !== value) return;
        from.push(list[run]!);
        before.push(length);
        length += n;
      });
      return {
        length,
        at(k) {
          const run = lastAtOrBelow(before, k);
          return from[run]! + k - before[run]!;
        },
      };
    };
    return {
      at: (i) => {
        if (!(i >= 0 && i < count)) throw new Error(`the image's ${what} column has no position ${i}`);
        return col.r[runAt(i)]![0];
      },
      matching: runsOf,
      positionsOf(value) {
        const found = runsOf(value);
        return Array.from({ length: found.length }, (_, k) => found.at(k));
      },
    };
  }
  if (col.o !== undefined) {
    let order: Uint32Array | undefined;
    const sorted = (value: string): Positions => {
      order ??= decodeOrder(col.o, count, what);
      const list = order;
      /** The first place of the order whose value is not below `value` (with `after`, not above). */
      const bound = (after: boolean) => {
        let low = 0;
        let high = list.length;
        while (low < high) {
          const mid = (low + high) >> 1;
          const v = at(list[mid]!);
          if (v < value || (after && v === value)) low = mid + 1;
          else high = mid;
        }
        return low;
      };
      const from = bound(false);
      const to = bound(true);
      return { length: to - from, at: (k) => list[from + k]! };
    };
    return {
      at,
      matching: sorted,
      positionsOf(value) {
        const found = sorted(value);
        return Array.from({ length: found.length }, (_, k) => found.at(k));
      },
    };
  }
  const positionsOf = (value: string): number[] => {
    const found: number[] = [];
    if (fixed && 'j' in col) {
      // A match at a line's start with the line's width is that line's value.
      const step = col.w! + 1;
      if (value.length !== col.w || value.includes('\n')) return found;
      for (let from = col.j.indexOf(value); from >= 0; from = col.j.indexOf(value, from + 1))
        if (from % step === 0) found.push(from / step);
      return found;
    }
    const list = values ?? all();
    for (let i = 0; i < list.length; i++) if (list[i] === value) found.push(i);
    return found;
  };
  return { at, positionsOf, matching: (value) => fromArray(positionsOf(value)) };
}

/**
 * A session's records (allRecords' order) as the ones written as they are (`eager`) and, for a
 * kind whose every record is an object with its indexed field, the index, the keys and the
 * records of each part (`partSize` each; the caller writes each part in columns with
 * `toColumns`, one at a time: all of them at once held 1,000,000 projects twice in memory).
 * Without such records, no index.
 */
export function splitImage(
  ops: readonly RecordOp[],
  partSize: number,
): { eager: RecordOp[]; index?: ImageIndex; keys?: ImageKeys; parts: RecordOp[][] } {
  const byKind = new Map<LazyKind, RecordOp[]>(LAZY_KINDS.map((kind) => [kind, []]));
  const eager: RecordOp[] = [];
  for (const op of ops) byKind.get(op[0] as LazyKind)?.push(op) ?? eager.push(op);
  const index: ImageIndex = {};
  const keys: ImageKeys = {};
  const parts: RecordOp[][] = [];
  for (const kind of LAZY_KINDS) {
    const kindOps = byKind.get(kind)!;
    const field = LAZY_FIELDS[kind];
    const lazy =
      kindOps.length > 0 &&
      kindOps.every((op) => typeof (op[2] as Record<string, unknown> | null)?.[field] === 'string');
    if (!lazy) {
      for (const op of kindOps) eager.push(op);
      continue;
    }
    const counts: number[] = [];
    for (let at = 0; at < kindOps.length; at += partSize) {
      const chunk = kindOps.slice(at, at + partSize);
      parts.push(chunk);
      counts.push(chunk.length);
    }
    keys[kind] = column(kindOps.map((op) => op[1]));
    index[kind] = {
      field: column(kindOps.map((op) => (op[2] as Record<string, string>)[field]!)),
      parts: counts,
    };
  }
  return parts.length ? { eager, index, keys, parts } : { eager, parts };
}

/** How many lazy parts follow an index. */
export function partCount(index: ImageIndex): number {
  return LAZY_KINDS.reduce((sum, kind) => sum + (index[kind]?.parts.length ?? 0), 0);
}

/**
 * Puts an image's lazy records into the state's tables (empty of them), each built when first
 * touched. A part that does not hold what the index says throws when it is touched.
 */
export function adoptImage(state: MockState, { index, keys, parts, release, fetch }: LazyImage): void {
  if (typeof index !== 'object' || index === null || partCount(index) !== parts.length)
    throw new Error(`the image's index does not name its ${parts.length} parts`);
  let allKeys: ImageKeys | undefined;
  const keysOf = (kind: LazyKind): Column => {
    allKeys ??= keys() as ImageKeys;
    const column = typeof allKeys === 'object' && allKeys !== null ? allKeys[kind] : undefined;
    if (typeof column !== 'object' || column === null)
      throw new Error(`the image holds no keys of its ${kind} records`);
    return column;
  };
  let next = 0;
  // The image is let go once each kind's records are.
  let holding = LAZY_KINDS.filter((kind) => index[kind]).length;
  for (const kind of LAZY_KINDS) {
    const kindIndex = index[kind];
    if (!kindIndex) continue;
    const own = parts.slice(next, next + kindIndex.parts.length);
    const first = next;
    next += kindIndex.parts.length;
    let held = true;
    const letGo = () => {
      if (!held) return;
      held = false;
      holding -= 1;
      if (holding === 0) release?.();
    };
    const records: LazyRecords<unknown> = {
      ...lazyRecords(kind, kindIndex, () => keysOf(kind), own),
      release: letGo,
      ...(fetch ? { fetch: (own: readonly number[]) => fetch(own.map((p) => (p < 0 ? p : first + p))) } : {}),
    };
    unreleased.register(records, letGo);
    if (kind === 'project') state.projects.adopt(records as LazyRecords<never>);
    else state.analyses.adopt(records as LazyRecords<never>);
  }
  if (holding === 0) release?.();
}

function lazyRecords(
  kind: LazyKind,
  index: KindIndex,
  keyColumn: () => Column,
  parts: (() => unknown)[],
): LazyRecords<unknown> {
  if (!Array.isArray(index.parts) || !index.parts.every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`the image's index of ${kind} records is damaged`);
  /** The first position of each part. */
  const starts: number[] = [];
  let count = 0;
  for (const n of index.parts) {
    starts.push(count);
    count += n;
  }
  let keys: ColumnReader | undefined;
  const field = reader(index.field, count, `${kind} ${LAZY_FIELDS[kind]}`);
  const built: (unknown[] | undefined)[] = new Array(parts.length);
  const partOf = (i: number) => lastAtOrBelow(starts, i);
  /** The keys, parsed on the first look-up by key; with their order by key, found by a binary search, else by a map made then. */
  const keyReader = () => (keys ??= reader(keyColumn(), count, `${kind} keys`));
  let byKey: Map<string, number> | undefined;
  const find = (key: string): number | undefined => {
    const read = keyReader();
    if (keyColumn().o !== undefined) {
      const found = read.matching(key);
      return found.length ? found.at(0) : undefined;
    }
    if (!byKey) {
      byKey = new Map();
      for (let i = 0; i < count; i++) byKey.set(read.at(i), i);
    }
    return byKey.get(key);
  };
  return {
    count,
    key: (i) => keyReader().at(i),
    find,
    field: field.at,
    positionsOf: field.positionsOf,
    withField: field.matching,
    partsOf: (positions) => [...new Set(positions.map(partOf))],
    build(i) {
      const p = partOf(i);
      let records = built[p];
      if (!records) {
        const read: unknown[] = [];
        fromColumns(parts[p]!(), ([k, , value]) => {
          if (k !== kind) throw new Error(`a part of the image's ${kind} records holds ${k} records`);
          read.push(value);
        });
        if (read.length !== index.parts[p]) throw new Error(`a part of the image's ${kind} records is cut short`);
        built[p] = records = read;
      }
      return records[i - starts[p]!];
    },
  };
}
