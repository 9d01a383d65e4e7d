// A big session's image read lazily. Projects and analyses are written apart from the other
// records: an index (a project's owner or an analysis's project, and the keys, in their order),
// and then parts of records in columns (record-columns.ts), one kind a part. Since image version 3
// the index is a small header naming sections (`SectionedIndex`): each column is cut into sections
// of SECTION_VALUES values by position and, unless its values are in order already, as many
// sorted by value, each found from a directory of their first values in the header. Reading the
// session back parses the header only; a section is read when a look-up first needs it (a key, a
// value searched for, a position), and a part when one of its records is first touched
// (domain/lazy-records.ts), so a session of 1,000,000 projects answers its first list after
// reading the header, one or two sections and the parts of its page. Images of version 2 (the
// whole index at once, its keys apart) are still read
// (docs/decisions/2026-11-team-mock-start-up-quiet.md).
import type { LazyRecords, Positions } from '../domain/lazy-records.ts';
import type { MockState } from '../domain/state.ts';
import { fromColumns } from './record-columns.ts';
import type { RecordOp } from './session-records.ts';

/** The kinds read lazily, in the order their parts are written, and the field each indexes. */
export const LAZY_FIELDS = { project: 'ownerUserId', analysis: 'projectId' } as const;
export type LazyKind = keyof typeof LAZY_FIELDS;
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

/** The index of a version 2 image's lazy parts: per kind, the parts follow in LAZY_KINDS order. */
export type ImageIndex = Partial<Record<LazyKind, KindIndex>>;

/** Per kind, its records' keys in their order (a version 2 image's keys line or row). */
export type ImageKeys = Partial<Record<LazyKind, Column>>;

/** Values a section holds at most (the last of a column's may hold fewer). */
const SECTION_VALUES = 2_000;

/**
 * A column of a version 3 image: its runs (`r`, as Column's, when there are few), or sections.
 * By position: section `p + s` holds the values of positions s·c to (s+1)·c, as an array of
 * strings. By value: `d` is the first value of each sorted section; the sorted sections are
 * `q + s`, each `{v, o}` (values ascending, equal values by position; `o` their positions).
 * Without `q` the values are in order already: the sections by position are the sorted ones.
 */
export type SectionedColumn = { r: [string, number][] } | { p: number; c: number; d: string[]; q?: number };

interface SectionedKind {
  field: SectionedColumn;
  key: SectionedColumn;
  parts: number[];
}

/**
 * A version 3 image's header: per kind its columns and its parts' sizes, and how many sections
 * follow it (then the parts, in LAZY_KINDS order).
 */
export interface SectionedIndex extends Partial<Record<LazyKind, SectionedKind>> {
  v: 3;
  sections: number;
}

/** What an image's pieces after its index are asked for by: part `p` is `p`, section `s` is `sectionPiece(s)`, a version 2 image's keys `-1`. */
export function sectionPiece(section: number): number {
  return -2 - section;
}

/**
 * An image's index, its lazy parts (each parsed on first touch, to records in columns) and, by
 * version, its keys (2: parsed on the first look-up by key, to `ImageKeys`) or its sections (3:
 * each read when a look-up first needs it).
 */
export interface LazyImage {
  index: ImageIndex | SectionedIndex;
  keys: () => unknown;
  parts: (() => unknown)[];
  sections?: (() => unknown)[];
  /**
   * Where pieces are fetched apart (PostgreSQL): resolves once those named (part numbers,
   * `sectionPiece(s)`, `-1` a version 2 image's keys) are at hand; reading one before that throws.
   * Absent: each is read when asked (the state file reads it synchronously).
   */
  fetch?: (wanted: readonly number[]) => Promise<void>;
  /** Told when every record is built, or the tables are collected (what the image is read from may be let go). */
  release?: () => void;
}

/** Releases a table's lazy records it never told (a session dropped unbuilt). */
const unreleased = new FinalizationRegistry<() => void>((release) => release());

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
 * A version 2 column's values (and a version 3 column's runs). Fixed-width values and runs are read in place; other columns are made into an
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
 * A session's records as an image holds them: each kind whose every record has its indexed field as
 * a string is read lazily (in LAZY_KINDS order), every other record is eager (read at the claim).
 */
export function imageKinds(ops: readonly RecordOp[]): { eager: RecordOp[]; lazy: [LazyKind, RecordOp[]][] } {
  const byKind = new Map<LazyKind, RecordOp[]>(LAZY_KINDS.map((kind) => [kind, []]));
  const eager: RecordOp[] = [];
  for (const op of ops) byKind.get(op[0] as LazyKind)?.push(op) ?? eager.push(op);
  const lazy: [LazyKind, RecordOp[]][] = [];
  for (const [kind, kindOps] of byKind) {
    const field = LAZY_FIELDS[kind];
    const indexed =
      kindOps.length > 0 &&
      kindOps.every((op) => typeof (op[2] as Record<string, unknown> | null)?.[field] === 'string');
    if (indexed) lazy.push([kind, kindOps]);
    // One push each: a spread of a million records would pass a million arguments.
    else for (const op of kindOps) eager.push(op);
  }
  return { eager, lazy };
}

/**
 * A session's records (allRecords' order) as the ones written as they are (`eager`) and, for a
 * kind whose every record is an object with its indexed field, a version 3 header, its sections
 * (in order) and the records of each part (`partSize` each; the caller writes each part in
 * columns with `toColumns`, one at a time: all of them at once held 1,000,000 projects twice in
 * memory). Without such records, no index. `sectionValues`: values a section holds (tests make it small).
 */
export function splitImage(
  ops: readonly RecordOp[],
  partSize: number,
  sectionValues = SECTION_VALUES,
): { eager: RecordOp[]; index?: SectionedIndex; sections: unknown[]; parts: RecordOp[][] } {
  const { eager, lazy } = imageKinds(ops);
  const parts: RecordOp[][] = [];
  const columns: [LazyKind, IndexColumns][] = [];
  for (const [kind, kindOps] of lazy) {
    const field = LAZY_FIELDS[kind];
    const counts: number[] = [];
    for (let at = 0; at < kindOps.length; at += partSize) {
      const chunk = kindOps.slice(at, at + partSize);
      parts.push(chunk);
      counts.push(chunk.length);
    }
    columns.push([
      kind,
      {
        fields: kindOps.map((op) => (op[2] as Record<string, string>)[field]!),
        keys: kindOps.map((op) => op[1]),
        parts: counts,
      },
    ]);
  }
  if (!parts.length) return { eager, sections: [], parts };
  return { eager, ...drained(indexSteps(columns, sectionValues)), parts };
}

/** A lazy kind's records as its index is made from them: each one's field and key, in order, and its parts' sizes. */
export interface IndexColumns {
  fields: string[];
  keys: string[];
  parts: number[];
}

/**
 * A version 3 header and its sections from the lazy kinds' columns (in LAZY_KINDS order), made
 * in steps: it yields between steps (sorting a column's positions by value is cut in runs and
 * merges of SORT_STEP positions), so a writer spread over turns of the event loop (compaction.ts)
 * holds none up for long. `drained` runs it at once.
 */
export function* indexSteps(
  columns: readonly [LazyKind, IndexColumns][],
  sectionValues = SECTION_VALUES,
): Generator<void, { index: SectionedIndex; sections: unknown[] }> {
  const sections: unknown[] = [];
  const index: SectionedIndex = { v: 3, sections: 0 };
  for (const [kind, { fields, keys, parts }] of columns) {
    const field = yield* sectioned(fields, sections, sectionValues);
    const key = yield* sectioned(keys, sections, sectionValues);
    index[kind] = { field, key, parts };
  }
  index.sections = sections.length;
  return { index, sections };
}

/** Runs steps to their end at once. */
export function drained<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Positions sorted or merged between two yields of `sortedSteps`. */
const SORT_STEP = 8_192;

/**
 * The positions of `values` ordered by value (equal values by position), in steps: runs of
 * SORT_STEP positions sorted, then merged pairwise, yielding every SORT_STEP positions.
 */
function* sortedSteps(values: readonly string[]): Generator<void, number[]> {
  const n = values.length;
  const before = (a: number, b: number) => {
    const x = values[a]!;
    const y = values[b]!;
    return x < y || (x === y && a < b);
  };
  let order = Array.from({ length: n }, (_, i) => i);
  for (let at = 0; at < n; at += SORT_STEP) {
    const run = order.slice(at, at + SORT_STEP).sort((a, b) => (before(a, b) ? -1 : 1));
    for (let i = 0; i < run.length; i++) order[at + i] = run[i]!;
    yield;
  }
  let done = 0;
  for (let width = SORT_STEP; width < n; width *= 2) {
    const merged = new Array<number>(n);
    for (let from = 0; from < n; from += 2 * width) {
      let a = from;
      let b = Math.min(from + width, n);
      const aEnd = b;
      const bEnd = Math.min(from + 2 * width, n);
      for (let to = from; to < bEnd; to++) {
        merged[to] = b >= bEnd || (a < aEnd && before(order[a]!, order[b]!)) ? order[a++]! : order[b++]!;
        if (++done % SORT_STEP === 0) yield;
      }
    }
    order = merged;
  }
  return order;
}

/** Cuts a column into sections (appended to `sections`): few runs stay in the header. */
function* sectioned(values: string[], sections: unknown[], c: number): Generator<void, SectionedColumn> {
  let changes = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) changes += 1;
  if (changes * 4 <= values.length && changes <= c) {
    const runs: [string, number][] = [];
    for (const value of values) {
      const last = runs.at(-1);
      if (last && last[0] === value) last[1] += 1;
      else runs.push([value, 1]);
    }
    return { r: runs };
  }
  const p = sections.length;
  for (let at = 0; at < values.length; at += c) sections.push(values.slice(at, at + c));
  let ordered = true;
  for (let i = 1; i < values.length && ordered; i++) ordered = values[i - 1]! <= values[i]!;
  const d: string[] = [];
  if (ordered) {
    for (let at = 0; at < values.length; at += c) d.push(values[at]!);
    return { p, c, d };
  }
  const order = yield* sortedSteps(values);
  const q = sections.length;
  for (let at = 0; at < order.length; at += c) {
    const o = order.slice(at, at + c);
    d.push(values[o[0]!]!);
    sections.push({ v: o.map((i) => values[i]!), o });
  }
  return { p, c, d, q };
}

/** Whether an index is a version 3 header. */
export function isSectioned(index: unknown): index is SectionedIndex {
  return typeof index === 'object' && index !== null && (index as { v?: unknown }).v === 3;
}

/** How many lazy parts follow an index (after a version 2 image's keys, or a version 3 image's sections). */
export function partCount(index: ImageIndex | SectionedIndex): number {
  const kinds = index as Partial<Record<LazyKind, { parts: unknown }>>;
  return LAZY_KINDS.reduce((sum, kind) => {
    const parts = kinds[kind]?.parts;
    return sum + (Array.isArray(parts) ? parts.length : 0);
  }, 0);
}

/** The pieces that follow an index, in the order they are written, as `LazyImage.fetch` names them. */
export function piecesOf(index: ImageIndex | SectionedIndex): number[] {
  const parts = Array.from({ length: partCount(index) }, (_, p) => p);
  if (!isSectioned(index)) return [-1, ...parts];
  return [...Array.from({ length: index.sections }, (_, s) => sectionPiece(s)), ...parts];
}

/**
 * A version 3 column: its runs read in place, else its sections, each read (`section`) and checked
 * when a look-up first needs it. A section that does not hold what the header says throws.
 */
function sectionedReader(
  col: SectionedColumn,
  count: number,
  what: string,
  section: (s: number) => unknown,
): SectionedReader {
  if (typeof col !== 'object' || col === null) throw new Error(`the image's ${what} column is damaged`);
  if ('r' in col) return { ...reader(col, count, what), ...NO_SECTIONS };
  const { p, c, d, q } = col;
  const sectionCount = Math.ceil(count / c);
  if (
    !Number.isInteger(p) ||
    !Number.isInteger(c) ||
    c <= 0 ||
    !Array.isArray(d) ||
    d.length !== sectionCount ||
    !d.every((v) => typeof v === 'string') ||
    (q !== undefined && !Number.isInteger(q))
  )
    throw new Error(`the image's ${what} column is damaged`);
  /** How many values section `s` (by position or by value) holds. */
  const size = (s: number) => Math.min(c, count - s * c);
  const byPosition = new Map<number, string[]>();
  const valuesAt = (s: number): string[] => {
    let values = byPosition.get(s);
    if (!values) {
      const read = section(p + s);
      if (!Array.isArray(read) || read.length !== size(s) || !read.every((v) => typeof v === 'string'))
        throw new Error(`section ${s} of the image's ${what} column does not hold ${size(s)} strings`);
      byPosition.set(s, (values = read));
    }
    return values;
  };
  const bySorted = new Map<number, { v: string[]; o: (j: number) => number }>();
  /** Sorted section `s`: its values ascending, checked against the directory, and their positions. */
  const sortedAt = (s: number) => {
    let found = bySorted.get(s);
    if (found) return found;
    let v: unknown;
    let o: (j: number) => number;
    if (q === undefined) {
      v = valuesAt(s);
      const first = s * c;
      o = (j) => first + j;
    } else {
      const read = section(q + s) as { v?: unknown; o?: unknown } | null;
      v = read?.v;
      const positions = read?.o;
      if (
        !Array.isArray(positions) ||
        positions.length !== size(s) ||
        !positions.every((at) => Number.isInteger(at) && at >= 0 && at < count)
      )
        throw new Error(`sorted section ${s} of the image's ${what} column does not hold ${size(s)} positions`);
      o = (j) => positions[j] as number;
    }
    if (!Array.isArray(v) || v.length !== size(s) || !v.every((x) => typeof x === 'string') || v[0] !== d[s])
      throw new Error(`sorted section ${s} of the image's ${what} column does not hold what its directory says`);
    // Ascending, equal values by position, and below the next section's first value.
    for (let i = 1; i < v.length; i++)
      if (v[i - 1]! > v[i]! || (v[i - 1] === v[i] && o(i - 1) >= o(i)))
        throw new Error(`sorted section ${s} of the image's ${what} column is out of order`);
    if (s + 1 < d.length && v.at(-1)! > d[s + 1]!)
      throw new Error(`sorted section ${s} of the image's ${what} column is out of order`);
    bySorted.set(s, (found = { v, o }));
    return found;
  };
  /** The sorted sections that may hold `value`: from the last starting below it to the last starting at it. */
  const range = (value: string): [number, number] => {
    let low = 0;
    let high = d.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (d[mid]! < value) low = mid + 1;
      else high = mid;
    }
    const from = Math.max(0, low - 1);
    let to = low;
    while (to < d.length && d[to] === value) to += 1;
    return [from, to - 1];
  };
  /** The first place of a sorted section's values not below `value` (with `after`, not above). */
  const bound = (v: readonly string[], value: string, after: boolean) => {
    let low = 0;
    let high = v.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (v[mid]! < value || (after && v[mid] === value)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  const valueAt = (i: number) => {
    if (!(Number.isInteger(i) && i >= 0 && i < count))
      throw new Error(`the image's ${what} column has no position ${i}`);
    return valuesAt(Math.floor(i / c))[i % c]!;
  };
  /**
   * Where `value`'s matches are: the sorted sections from `from` to `to`, `inFirst` of them in the
   * first from place `start`, then every value of the sections between, then some of the last.
   * Reads the first and the last section only (the ones between hold `value` only).
   */
  const spanOf = (value: string) => {
    const [from, to] = range(value);
    if (to < from) return undefined;
    const first = sortedAt(from);
    const start = bound(first.v, value, false);
    const inFirst = (from === to ? bound(first.v, value, true) : first.v.length) - start;
    // The first match each section from `from + 1` to `to` holds: a match is located by a binary search.
    const firsts: number[] = [];
    let before = inFirst;
    for (let s = from + 1; s <= to; s++) {
      firsts.push(before);
      if (s < to) before += size(s);
    }
    const inLast = to > from ? bound(sortedAt(to).v, value, true) : 0;
    const length = before + inLast;
    /** The sorted section holding match `k`, and its place there. */
    const locate = (k: number): [number, number] => {
      if (!(k >= 0 && k < length)) throw new Error(`no match ${k} of ${length}`);
      if (k < inFirst) return [from, start + k];
      const i = lastAtOrBelow(firsts, k);
      return [from + 1 + i, k - firsts[i]!];
    };
    /** How many of the matches sorted section `s` (from `from` to `to`) holds. */
    const countIn = (s: number) => (s === from ? inFirst : s < to ? size(s) : inLast);
    return { from, to, length, locate, countIn };
  };
  const matching = (value: string): Positions => {
    const span = spanOf(value);
    if (!span) return fromArray([]);
    return {
      length: span.length,
      at(k) {
        const [s, j] = span.locate(k);
        return sortedAt(s).o(j);
      },
    };
  };
  /** A sorted section's piece number. */
  const sortedPiece = (s: number) => (q === undefined ? p + s : q + s);
  return {
    at: valueAt,
    matching,
    positionsOf(value) {
      const found = matching(value);
      return Array.from({ length: found.length }, (_, k) => found.at(k));
    },
    sectionsFor(value) {
      const [from, to] = range(value);
      const wanted: number[] = [];
      for (let s = from; s <= to; s++) wanted.push(sortedPiece(s));
      return wanted;
    },
    endsFor(value) {
      const [from, to] = range(value);
      return to < from ? [] : [...new Set([from, to])].map(sortedPiece);
    },
    matchSections(value, first, last) {
      const span = spanOf(value);
      if (!span) return [];
      // One pass over the sections, each holding the matches from `before` to `before + held`.
      const end = Math.min(last, span.length);
      const wanted: number[] = [];
      for (let s = span.from, before = 0; s <= span.to && before < end; s++) {
        const held = span.countIn(s);
        if (held > 0 && before + held > first) wanted.push(sortedPiece(s));
        before += held;
      }
      return wanted;
    },
    sectionsAt(first, last) {
      const wanted: number[] = [];
      for (let s = Math.floor(first / c); s <= Math.floor(last / c); s++) wanted.push(p + s);
      return wanted;
    },
  };
}

/** A column read by position and by value, naming the sections each look-up reads (none for runs or a version 2 column). */
interface SectionedReader extends ColumnReader {
  /** The sections a search for `value` reads (with those a match's check reads by position: not named). */
  sectionsFor(value: string): number[];
  /** The sections counting `value`'s matches reads (the first and the last that may hold it). */
  endsFor(value: string): number[];
  /** The sections holding `value`'s matches `first` to before `last` (reads those `endsFor` names). */
  matchSections(value: string, first: number, last: number): number[];
  /** The sections holding positions `first` to `last`. */
  sectionsAt(first: number, last: number): number[];
}

/** A column read whole (runs in the header, or a version 2 index): no section to fetch. */
const NO_SECTIONS = { sectionsFor: () => [], sectionsAt: () => [], endsFor: () => [], matchSections: () => [] };

/**
 * Puts an image's lazy records into the state's tables (empty of them), each built when first
 * touched. A part or section that does not hold what the index says throws when it is touched.
 */
export function adoptImage(state: MockState, image: LazyImage): void {
  const { index, parts, release, fetch } = image;
  if (typeof index !== 'object' || index === null || partCount(index) !== parts.length)
    throw new Error(`the image's index does not name its ${parts.length} parts`);
  const sectioned = isSectioned(index);
  const sections = image.sections ?? [];
  if (sectioned && (!Number.isInteger(index.sections) || index.sections !== sections.length))
    throw new Error(`the image's index does not name its ${sections.length} sections`);
  let allKeys: ImageKeys | undefined;
  const keysOf = (kind: LazyKind): Column => {
    allKeys ??= image.keys() as ImageKeys;
    const column = typeof allKeys === 'object' && allKeys !== null ? allKeys[kind] : undefined;
    if (typeof column !== 'object' || column === null)
      throw new Error(`the image holds no keys of its ${kind} records`);
    return column;
  };
  const section = (s: number) => {
    const read = sections[s];
    if (!read) throw new Error(`the image has no section ${s}`);
    return read();
  };
  let next = 0;
  // The image is let go once each kind's records are.
  let holding = LAZY_KINDS.filter((kind) => index[kind]).length;
  for (const kind of LAZY_KINDS) {
    const kindIndex = index[kind];
    if (!kindIndex) continue;
    const partSizes = (kindIndex as { parts: unknown }).parts;
    const own = parts.slice(next, next + (Array.isArray(partSizes) ? partSizes.length : 0));
    const first = next;
    next += own.length;
    let held = true;
    const letGo = () => {
      if (!held) return;
      held = false;
      holding -= 1;
      if (holding === 0) release?.();
    };
    const columns: Columns = sectioned
      ? sectionedColumns(kind, kindIndex as SectionedKind, partSizes, section)
      : plainColumns(kind, kindIndex as KindIndex, () => keysOf(kind));
    const records: LazyRecords<unknown> = {
      ...lazyRecords(kind, columns, own),
      release: letGo,
      ...(fetch
        ? {
            fetch: async ({ parts: wanted = [], keys = [], values = [], matches = [] }) => {
              const pieces = wanted.map((p) => first + p);
              if (sectioned) {
                // A part built is checked against the field and keys at its positions.
                for (const p of wanted) {
                  const from = columns.starts[p]!;
                  const to = from + columns.parts[p]! - 1;
                  pieces.push(
                    ...[...columns.field.sectionsAt(from, to), ...columns.keys().sectionsAt(from, to)].map(
                      sectionPiece,
                    ),
                  );
                }
                for (const key of keys) pieces.push(...columns.keys().sectionsFor(key).map(sectionPiece));
                for (const value of values) pieces.push(...columns.field.sectionsFor(value).map(sectionPiece));
                for (const { value } of matches) pieces.push(...columns.field.endsFor(value).map(sectionPiece));
              } else if (keys.length) pieces.push(-1);
              if (pieces.length) await fetch([...new Set(pieces)]);
              // Then, of a value's matches asked for by place, the sections holding them (found from the ends).
              const held = sectioned
                ? matches.flatMap(({ value, from, to }) =>
                    columns.field.matchSections(value, from, to).map(sectionPiece),
                  )
                : [];
              if (held.length) await fetch([...new Set(held)]);
              // Then the sections by position a look-up checks each key found against, and the
              // field's there, which a change of the record reads (its table's index by that field).
              const found = sectioned
                ? keys.map((key) => columns.keys().matching(key)).filter((m) => m.length > 0)
                : [];
              const checks = found.flatMap((m) =>
                [...columns.keys().sectionsAt(m.at(0), m.at(0)), ...columns.field.sectionsAt(m.at(0), m.at(0))].map(
                  sectionPiece,
                ),
              );
              if (checks.length) await fetch([...new Set(checks)]);
            },
          }
        : {}),
    };
    unreleased.register(records, letGo);
    if (kind === 'project') state.projects.adopt(records as LazyRecords<never>);
    else state.analyses.adopt(records as LazyRecords<never>);
  }
  if (holding === 0) release?.();
}

/** A kind's columns as a table reads them: its field, its keys (read when first needed), and its parts' sizes. */
interface Columns {
  count: number;
  parts: number[];
  /** The first position of each part. */
  starts: number[];
  field: SectionedReader;
  keys(): SectionedReader;
  /** Whether a part's records are checked against the columns by position when built (version 3). */
  checked: boolean;
  /** Whether a key is found by a search of the keys (else by a map of every key, made once). */
  keysSorted(): boolean;
}

function partStarts(kind: LazyKind, parts: unknown): { count: number; parts: number[]; starts: number[] } {
  if (!Array.isArray(parts) || !parts.every((n) => Number.isInteger(n) && n > 0))
    throw new Error(`the image's index of ${kind} records is damaged`);
  const starts: number[] = [];
  let count = 0;
  for (const n of parts as number[]) {
    starts.push(count);
    count += n;
  }
  return { count, parts, starts };
}

function plainColumns(kind: LazyKind, index: KindIndex, keyColumn: () => Column): Columns {
  const { count, parts, starts } = partStarts(kind, index.parts);
  let keys: SectionedReader | undefined;
  return {
    count,
    parts,
    starts,
    field: {
      ...reader(index.field, count, `${kind} ${LAZY_FIELDS[kind]}`),
      ...NO_SECTIONS,
    },
    keys: () => (keys ??= { ...reader(keyColumn(), count, `${kind} keys`), ...NO_SECTIONS }),
    keysSorted: () => keyColumn().o !== undefined,
    checked: false,
  };
}

function sectionedColumns(
  kind: LazyKind,
  index: SectionedKind,
  partSizes: unknown,
  section: (s: number) => unknown,
): Columns {
  const { count, parts, starts } = partStarts(kind, partSizes);
  const field = sectionedReader(index.field, count, `${kind} ${LAZY_FIELDS[kind]}`, section);
  const keys = sectionedReader(index.key, count, `${kind} keys`, section);
  return { count, parts, starts, field, keys: () => keys, keysSorted: () => true, checked: true };
}

function lazyRecords(kind: LazyKind, columns: Columns, parts: (() => unknown)[]): LazyRecords<unknown> {
  const { count, field, starts } = columns;
  const built: (unknown[] | undefined)[] = new Array(parts.length);
  const partOf = (i: number) => lastAtOrBelow(starts, i);
  /** By a search of the keys in order when the image has it, else by a map made on the first look-up. */
  let byKey: Map<string, number> | undefined;
  const find = (key: string): number | undefined => {
    const read = columns.keys();
    if (columns.keysSorted()) {
      const found = read.matching(key);
      if (!found.length) return undefined;
      const at = found.at(0);
      // A key sorted apart from its column: the column by position holds it there too.
      if (columns.checked && read.at(at) !== key)
        throw new Error(`a sorted section of the image's ${kind} keys names a position holding another key`);
      return at;
    }
    if (!byKey) {
      byKey = new Map();
      for (let i = 0; i < count; i++) byKey.set(read.at(i), i);
    }
    return byKey.get(key);
  };
  /** A part's records, checked against the columns. */
  const readPart = (p: number): unknown[] => {
    const read: unknown[] = [];
    const first = starts[p]!;
    fromColumns(parts[p]!(), ([k, key, value]) => {
      if (k !== kind) throw new Error(`a part of the image's ${kind} records holds ${k} records`);
      const at = first + read.length;
      // Version 3: the part agrees with the columns a search found it by.
      if (
        columns.checked &&
        at < count &&
        (key !== columns.keys().at(at) || (value as Record<string, unknown>)[LAZY_FIELDS[kind]] !== field.at(at))
      )
        throw new Error(`a part of the image's ${kind} records does not hold what its index says`);
      read.push(value);
    });
    if (read.length !== columns.parts[p]) throw new Error(`a part of the image's ${kind} records is cut short`);
    return read;
  };
  /** The part `read` read last (not built: not kept by the table). */
  let last: { p: number; records: unknown[] } | undefined;
  return {
    count,
    key: (i) => columns.keys().at(i),
    find,
    field: field.at,
    positionsOf: field.positionsOf,
    withField: field.matching,
    partsOf: (positions) => [...new Set(positions.map(partOf))],
    build(i) {
      const p = partOf(i);
      let records = built[p];
      if (!records) {
        if (last?.p === p) {
          records = last.records;
          last = undefined;
        } else records = readPart(p);
        built[p] = records;
      }
      return records[i - starts[p]!];
    },
    read(i) {
      const p = partOf(i);
      let records = built[p] ?? (last?.p === p ? last.records : undefined);
      if (!records) last = { p, records: (records = readPart(p)) };
      return records[i - starts[p]!];
    },
  };
}
