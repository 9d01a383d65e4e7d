// A keyed table that tells its owner which keys were set: a state file writes only the records
// that changed (persistence/), never the whole state per change. It may also hold records read
// back from a store ahead of its own, built on first touch (`adopt`, lazy-records.ts): look-ups
// and sets by key reach them as they are; anything that walks every entry (iteration) builds them
// all first and the map holds them as its own entries from then on, in the same order.
// It is not a Map: it offers only what the mock uses, so a Map method it would answer wrongly for
// records read back (size, clear, entries, forEach) cannot be called on it. It has no delete: no
// operation of the specification or the control API removes a record of its kinds (a reset or an
// import replaces the whole state), and a record written as removed is a damaged state file or
// import document (session-records.ts).
import { LazyPrefix, type LazyRecords } from './lazy-records.ts';

/** A `TrackedMap.walk` whose map built its records read back meanwhile. */
export class WalkCutError extends Error {
  constructor() {
    super('the table was rebuilt while it was walked');
  }
}

export class TrackedMap<V> {
  /** The map's own entries (after the records read back, or all of them once those are built). */
  protected readonly own = new Map<string, V>();
  /** Set by a state that is kept in a state file. */
  onChange: ((key: string) => void) | undefined;
  /** Records read back and not all built yet; they come before the map's own entries. */
  protected prefix: LazyPrefix<V> | undefined;

  /** Whether records read back are fetched apart (PostgreSQL: persistence/fetch-parts.ts fetches what a call reads). */
  get fetchesApart(): boolean {
    return this.prefix?.records.fetch !== undefined;
  }

  /** Resolves once what these look-ups of the records read back read is at hand (`LazyRecords.fetch`; at once when nothing is fetched apart). */
  async fetchReadBack(wanted: Parameters<NonNullable<LazyRecords<V>['fetch']>>[0]): Promise<void> {
    await this.prefix?.records.fetch?.(wanted);
  }

  /** Resolves once the records read back at these positions can be built: the parts of those not built yet. */
  async fetchToBuild(positions: readonly number[]): Promise<void> {
    const prefix = this.prefix;
    if (!prefix?.records.fetch) return;
    const unbuilt = positions.filter((at) => prefix.peek(at) === undefined);
    if (unbuilt.length) await prefix.records.fetch({ parts: prefix.records.partsOf(unbuilt) });
  }

  /** Resolves once every record read back can be built (a walk of them all reads every part). */
  async fetchEveryReadBack(): Promise<void> {
    const count = this.prefix?.records.count ?? 0;
    const positions = new Array<number>(count);
    for (let i = 0; i < count; i++) positions[i] = i;
    await this.fetchToBuild(positions);
  }

  /** The positions of these keys among the records read back (the others left out). */
  readBackPositions(keys: readonly string[]): number[] {
    const prefix = this.prefix;
    if (!prefix) return [];
    return keys.map((key) => prefix.find(key)).filter((at): at is number => at !== undefined);
  }

  /** Takes records read back from a store (the map is empty): each is built when first touched. */
  adopt(records: LazyRecords<V>): void {
    if (this.own.size > 0 || this.prefix) throw new Error('records are adopted only by an empty table');
    if (records.count > 0) this.prefix = new LazyPrefix(records);
  }

  get(key: string): V | undefined {
    const at = this.prefix?.find(key);
    return at === undefined ? this.own.get(key) : this.prefix!.at(at);
  }

  has(key: string): boolean {
    return this.prefix?.find(key) !== undefined || this.own.has(key);
  }

  set(key: string, value: V): this {
    const at = this.prefix?.find(key);
    if (at === undefined) this.own.set(key, value);
    else this.prefix!.replace(at, value);
    this.onChange?.(key);
    return this;
  }

  keys(): MapIterator<string> {
    this.materialize();
    return this.own.keys();
  }

  values(): MapIterator<V> {
    this.materialize();
    return this.own.values();
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    this.materialize();
    return this.own.entries();
  }

  /**
   * Every entry in the map's order without building the records read back (one not built is read
   * from its part and not kept: `LazyRecords.read`): an export reads a session of a million records
   * once, and a compaction walks one spread over turns of the event loop. Throws `WalkCutError`
   * when those records are all built meanwhile (the map's order changed under the walk).
   */
  *walk(): Generator<[string, V]> {
    const prefix = this.prefix;
    if (prefix) {
      const { records } = prefix;
      for (let at = 0; at < records.count; at++) {
        if (this.prefix !== prefix) throw new WalkCutError();
        yield [records.key(at), prefix.peek(at) ?? (records.read ?? records.build)(at)];
      }
    }
    for (const entry of this.own.entries()) {
      if (this.prefix !== prefix) throw new WalkCutError();
      yield entry;
    }
  }

  /** Builds every record read back and holds them as the map's first entries, in their order. */
  protected materialize(): void {
    const prefix = this.prefix;
    if (!prefix) return;
    this.prefix = undefined;
    const own = [...this.own.entries()];
    this.own.clear();
    const { records } = prefix;
    for (let i = 0; i < records.count; i++) this.own.set(records.key(i), prefix.at(i));
    for (const [key, value] of own) this.own.set(key, value);
    this.materialized(prefix);
    records.release?.();
  }

  /** Told once the records read back are all built and held as entries (subclasses drop positions). */
  protected materialized(_prefix: LazyPrefix<V>): void {}
}
