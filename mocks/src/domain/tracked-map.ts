// A Map that tells its owner which keys were set or deleted: a state file writes only the records
// that changed (persistence/), never the whole state per change.
export class TrackedMap<V> extends Map<string, V> {
  /** Set by a state that is kept in a state file. */
  onChange: ((key: string) => void) | undefined;

  override set(key: string, value: V): this {
    super.set(key, value);
    this.onChange?.(key);
    return this;
  }

  override delete(key: string): boolean {
    const had = super.delete(key);
    if (had) this.onChange?.(key);
    return had;
  }
}
