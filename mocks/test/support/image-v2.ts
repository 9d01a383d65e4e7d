// An image's index as the releases before image version 3 wrote it (test double: the writer of
// lazy-image.ts at 6b53899, which this release must still read): the whole index at once, per
// kind its field column and part sizes, and the keys apart; a joined or listed column with its
// order by value (`o`) unless `withoutOrder` (as the release before that one wrote it).
import type { RecordOp } from '../../src/persistence/session-records.ts';

type Column = ({ j: string; w?: number } | { r: [string, number][] } | { a: string[] }) & { o?: string };
const LAZY_FIELDS = { project: 'ownerUserId', analysis: 'projectId' } as const;
type LazyKind = keyof typeof LAZY_FIELDS;

function column(values: string[], withoutOrder: boolean): Column {
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
  const o = withoutOrder ? {} : { o: sortedOrder(values) };
  if (values.some((v) => v.includes('\n'))) return { a: values, ...o };
  const width = values[0]?.length ?? 0;
  return values.every((v) => v.length === width)
    ? { j: values.join('\n'), w: width, ...o }
    : { j: values.join('\n'), ...o };
}

function sortedOrder(values: string[]): string {
  const order = Array.from({ length: values.length }, (_, i) => i);
  order.sort((a, b) => {
    const x = values[a]!;
    const y = values[b]!;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const bytes = Buffer.allocUnsafe(order.length * 4);
  for (let i = 0; i < order.length; i++) bytes.writeUInt32LE(order[i]!, i * 4);
  return bytes.toString('base64');
}

/** Projects' and analyses' records (every one lazy) as a version 2 image: index, keys, parts. */
export function splitImageV2(
  ops: readonly RecordOp[],
  partSize: number,
  withoutOrder = false,
): { index: Record<string, unknown>; keys: Record<string, unknown>; parts: RecordOp[][] } {
  const index: Record<string, unknown> = {};
  const keys: Record<string, unknown> = {};
  const parts: RecordOp[][] = [];
  for (const kind of Object.keys(LAZY_FIELDS) as LazyKind[]) {
    const kindOps = ops.filter((op) => op[0] === kind);
    if (!kindOps.length) continue;
    const counts: number[] = [];
    for (let at = 0; at < kindOps.length; at += partSize) {
      const chunk = kindOps.slice(at, at + partSize);
      parts.push(chunk);
      counts.push(chunk.length);
    }
    keys[kind] = column(
      kindOps.map((op) => op[1]),
      withoutOrder,
    );
    index[kind] = {
      field: column(
        kindOps.map((op) => (op[2] as Record<string, string>)[LAZY_FIELDS[kind]]!),
        withoutOrder,
      ),
      parts: counts,
    };
  }
  return { index, keys, parts };
}
