// PostgreSQL compaction: a session that grew by many small writes holds its records as rows of
// mock_records, and a claim reads every one of them before the session answers. When its rows pass
// a threshold (COMPACT_ROWS, and an eighth of what its image holds, so a growing session is written
// again geometrically, not at every threshold), the node that owns it writes it as an image (the
// form a big session written whole has, read back lazily: lazy-image.ts) in the background, and
// removes the rows it replaces in the same transaction (cluster-store.ts, `SessionWrite.image`).
//
// The image is built without stopping the node: the records are listed at one moment, then written
// out a part (1,000 records) per turn of the event loop, each part with its index's values read at
// the same moment as its records, so the index and the parts always agree (a reader checks them
// against each other). Requests go on meanwhile; whatever they change is in the session's changed
// records, taken when the image is done and written over it as rows, in the same transaction. So
// the database holds, at the commit, the image and rows that give every record's value as of the
// moment it is taken, like any write. The compaction takes its turn among the session's writes
// (writes asked meanwhile wait for it), it is fenced like every write (a node that lost the
// session writes nothing), and it is one transaction: a crash leaves the rows and image before it.
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import type { MockState } from '../../domain/state.ts';
import { imageKinds, LAZY_FIELDS, splitImage } from '../lazy-image.ts';
import { toColumns } from '../record-columns.ts';
import { allRecords, type RecordOp } from '../session-records.ts';

/** Rows (records written since the last image) past which a session is written as an image again. */
export const COMPACT_ROWS = 10_000;

/** Whether a session's rows are due to be folded into an image (`stored`: ClusterStore.stored). */
export function compactionDue(
  stored: { rows: number; imageRecords: number } | undefined,
  compactRows = COMPACT_ROWS,
): boolean {
  return stored !== undefined && stored.rows >= Math.max(compactRows, stored.imageRecords / 8);
}

const deflate = promisify(deflateRaw);
/** As cluster-store.ts packs an image's index and parts, off the event loop (zlib's thread pool). */
const pack = async (text: string) => (await deflate(text, { level: 1 })).toString('base64');
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The state's records as an image's parts (`partSize` records each, as cluster-store.ts's
 * `imageParts` writes them), built a part per turn; undefined when an indexed field stopped being
 * a string meanwhile (the next write tries again).
 */
export async function imageOf(
  state: MockState,
  partSize: number,
): Promise<{ parts: string[]; records: number } | undefined> {
  const ops = [...allRecords(state)];
  // Grouped as splitImage groups them.
  const { eager, lazy } = imageKinds(ops);
  const parts: string[] = [];
  for (let at = 0; at < eager.length; at += partSize) {
    parts.push(JSON.stringify(toColumns(eager.slice(at, at + partSize))));
    await turn();
  }
  // Each part's records and their index values, at one moment.
  const indexed: RecordOp[] = [];
  const written: string[] = [];
  for (const [kind, kindOps] of lazy) {
    const field = LAZY_FIELDS[kind];
    for (let at = 0; at < kindOps.length; at += partSize) {
      const chunk = kindOps.slice(at, at + partSize);
      written.push(JSON.stringify(toColumns(chunk)));
      for (const [, key, value] of chunk)
        indexed.push([kind, key, { [field]: (value as Record<string, unknown>)[field] }]);
      await turn();
    }
  }
  if (!written.length) return { parts, records: ops.length };
  const split = splitImage(indexed, partSize);
  if (split.eager.length || split.parts.length !== written.length || !split.index) return undefined;
  parts.push(
    JSON.stringify({ x3: await pack(JSON.stringify(split.index)) }),
    ...(await Promise.all(split.sections.map((section) => pack(JSON.stringify(section))))),
    ...(await Promise.all(written.map(pack))),
  );
  return { parts, records: ops.length };
}
