// Records read back from a store and not built yet (a big session's image): their keys and one
// indexed field each are at hand, a record is built on first touch. The tables of projects and
// analyses hold such records ahead of their own (tracked-map.ts), so a session of 100,000
// projects answers its first list without building them
// (docs/decisions/2026-11-team-mock-start-up-quiet.md).

/** Positions in increasing order, read one at a time. */
export interface Positions {
  readonly length: number;
  at(k: number): number;
}

/** `count` records in their order: keys and one field known, each record built when asked. */
export interface LazyRecords<V> {
  readonly count: number;
  /** The key of record `i`. */
  key(i: number): string;
  /** The position of a key, else undefined. */
  find(key: string): number | undefined;
  /** The indexed field of record `i` without building it: a project's owner, an analysis's project. */
  field(i: number): string;
  /** Builds record `i` (a new object; the table keeps it). */
  build(i: number): V;
  /**
   * Record `i` as stored, not kept: the one `build` gave when its part is built, else read from its
   * part (the last part read is kept, so a walk in order reads each once). A compaction writes a
   * session read back this way without building every record at once.
   */
  read?(i: number): V;
  /** The positions whose indexed field is `value`, in order (a search, no index made). */
  positionsOf(value: string): number[];
  /** The same, read one at a time: a list counts a million of them and builds ten. */
  withField(value: string): Positions;
  /** The parts (numbers) that hold these positions. */
  partsOf(positions: readonly number[]): number[];
  /**
   * Present when what the records are read from is fetched apart (PostgreSQL): resolves once these
   * parts (numbers), and what finding these keys and searching for these field values read, are at
   * hand. Building a record, or a look-up, that reads what is not at hand throws.
   */
  fetch?(wanted: {
    parts?: readonly number[];
    keys?: readonly string[];
    values?: readonly string[];
    /** Matches `from` to before `to` of a field value (in position order), and what counting its matches reads. */
    matches?: readonly { value: string; from: number; to: number }[];
  }): Promise<void>;
  /** Told when every record is built, or the table is collected: what they were read from may be let go. */
  release?(): void;
}

/** Built records are kept in chunks of this many positions, each made when first written. */
const CHUNK = 4096;

/** The records ahead of a table's own: which are built. */
export class LazyPrefix<V> {
  readonly records: LazyRecords<V>;
  /**
   * Built records by position, in chunks made when first written (an array of a million slots
   * made at the read-back was 50 to 70 ms of a 1,000,000-project start).
   */
  private readonly built: ((V | undefined)[] | undefined)[];

  constructor(records: LazyRecords<V>) {
    this.records = records;
    this.built = new Array(Math.ceil(records.count / CHUNK));
  }

  private setBuilt(at: number, record: V): void {
    const chunk = (this.built[Math.floor(at / CHUNK)] ??= new Array<V | undefined>(CHUNK));
    chunk[at % CHUNK] = record;
  }

  /** The position of a key, else undefined. */
  find(key: string): number | undefined {
    return this.records.find(key);
  }

  /** The record at a position, built on first touch. */
  at(at: number): V {
    let record = this.peek(at);
    if (record === undefined) this.setBuilt(at, (record = this.records.build(at)));
    return record;
  }

  /** The record at a position if built (else undefined: its fields are the records' own). */
  peek(at: number): V | undefined {
    return this.built[Math.floor(at / CHUNK)]?.[at % CHUNK];
  }

  replace(at: number, record: V): void {
    this.setBuilt(at, record);
  }
}
