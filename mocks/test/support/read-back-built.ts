// Which records read back a table has built: the tables keep that to themselves (their prefix), and
// the tests of walks that must build nothing (export, compaction) read it here.
import type { LazyPrefix } from '../../src/domain/lazy-records.ts';
import type { TrackedMap } from '../../src/domain/tracked-map.ts';

/** The positions of the records read back that `table` has built; undefined when it holds none read back. */
export function builtReadBack(table: TrackedMap<unknown>): number[] | undefined {
  const prefix = (table as unknown as { prefix?: LazyPrefix<unknown> }).prefix;
  if (!prefix) return undefined;
  return Array.from({ length: prefix.records.count }, (_, at) => at).filter((at) => prefix.peek(at) !== undefined);
}
