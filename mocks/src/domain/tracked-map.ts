// A Map that tells its owner which keys were set or deleted: a state file writes only the records
// that changed (persistence/), never the whole state per change. It may also hold records read
// back from a store ahead of its own, built on first touch (`adopt`, lazy-records.ts): look-ups,
// sets and deletes by key reach them as they are; anything that walks every entry (iteration,
// size) builds them all first and the map is an ordinary Map from then on, in the same order.
import { LazyPrefix, type LazyRecords } from './lazy-records.ts';

export class TrackedMap<V> extends Map<string, V> {
  /** Set by a state that is kept in a state file. */
  onChange: ((key: string) => void) | undefined;
  /** Records read back and not all built yet; they come before the map's own entries. */
  protected prefix: LazyPrefix<V> | undefined;

  /** The records read back and not all built yet (their parts are fetched apart by persistence/fetch-parts.ts). */
  get readBackRecords(): LazyPrefix<V> | undefined {
    return this.prefix;
  }

  /** Takes records read back from a store (the map is empty): each is built when first touched. */
  adopt(records: LazyRecords<V>): void {
    if (super.size > 0 || this.prefix) throw new Error('records are adopted only by an empty table');
    if (records.count > 0) this.prefix = new LazyPrefix(records);
  }

  override get(key: string): V | undefined {
    const at = this.prefix?.find(key);
    return at === undefined ? super.get(key) : this.prefix!.at(at);
  }

  override has(key: string): boolean {
    return this.prefix?.find(key) !== undefined || super.has(key);
  }

  override set(key: string, value: V): this {
    const at = this.prefix?.find(key);
    if (at === undefined) super.set(key, value);
    else this.prefix!.replace(at, value);
    this.onChange?.(key);
    return this;
  }

  override delete(key: string): boolean {
    const at = this.prefix?.find(key);
    let had: boolean;
    if (at === undefined) had = super.delete(key);
    else {
      this.prefix!.remove(at);
      had = true;
    }
    if (had) this.onChange?.(key);
    return had;
  }

  override clear(): void {
    this.prefix?.records.release?.();
    this.prefix = undefined;
    super.clear();
  }

  override keys(): MapIterator<string> {
    this.materialize();
    return super.keys();
  }

  override values(): MapIterator<V> {
    this.materialize();
    return super.values();
  }

  override entries(): MapIterator<[string, V]> {
    this.materialize();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[string, V]> {
    this.materialize();
    return super[Symbol.iterator]();
  }

  override forEach(callback: (value: V, key: string, map: Map<string, V>) => void, thisArg?: unknown): void {
    this.materialize();
    super.forEach(callback, thisArg);
  }

  /**
   * Every entry in the map's order without building the records read back into it: one not built
   * yet is built apart and not kept (an export reads a session of a million records once; built
   * into the table they all stayed). Read it in one synchronous pass: a change between two entries
   * shows in the rest.
   */
  *scan(): Generator<[string, V]> {
    const prefix = this.prefix;
    if (prefix) {
      const { records } = prefix;
      for (let i = 0; i < records.count; i++)
        if (prefix.isLive(i)) yield [records.key(i), prefix.peek(i) ?? (records.read ?? records.build)(i)];
    }
    yield* Map.prototype.entries.call(this) as MapIterator<[string, V]>;
  }

  /** Builds every record read back and holds them as the map's first entries, in their order. */
  protected materialize(): void {
    const prefix = this.prefix;
    if (!prefix) return;
    this.prefix = undefined;
    const own = [...super.entries()];
    super.clear();
    const { records } = prefix;
    for (let i = 0; i < records.count; i++) if (prefix.isLive(i)) super.set(records.key(i), prefix.at(i));
    for (const [key, value] of own) super.set(key, value);
    this.materialized(prefix);
    records.release?.();
  }

  /** Told once the records read back are all built and held as entries (subclasses drop positions). */
  protected materialized(_prefix: LazyPrefix<V>): void {}
}

// `size` is an accessor of Map.prototype; TypeScript does not let a subclass declare it as one.
Object.defineProperty(TrackedMap.prototype, 'size', {
  get(this: TrackedMap<unknown>) {
    const prefix = (this as unknown as { prefix: LazyPrefix<unknown> | undefined }).prefix;
    return (prefix?.live ?? 0) + (Reflect.get(Map.prototype, 'size', this) as number);
  },
});
