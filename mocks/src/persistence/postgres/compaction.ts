// PostgreSQL compaction: a session that grew by many small writes holds its records as rows of
// mock_records, and a claim reads every one of them before the session answers. When its rows pass
// a threshold (COMPACT_ROWS, and an eighth of what its image holds, so a growing session is written
// again geometrically, not at every threshold), the node that owns it writes it as an image (the
// form a big session written whole has, read back lazily: lazy-image.ts) in the background, and
// removes the rows it replaces in the same transaction (cluster-store.ts, `SessionWrite.image`).
//
// The image is built without stopping the node: the records are walked in their order and written
// out a part (1,000 records) per turn of the event loop (image-writer.ts), each part with its
// index's values read at the same moment as its records, so the index and the parts always agree
// (a reader checks them against each other); the index's sort is cut in steps too. A session read
// back lazily is walked without building its records (each is read from its part and let go). Requests go on
// meanwhile; whatever they change is noted from the walk's start (watchChanges), and written over
// the image as rows in the same transaction. So the database holds, at the commit, the image and
// rows that give every record's value as of the moment it is taken, like any write. The final
// transaction takes its turn among the session's writes (writes asked meanwhile wait for it), it
// is fenced like every write (a node that lost the session writes nothing), and it is one
// transaction: a crash leaves the rows and image before it.
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';
import type { MockState } from '../../domain/state.ts';
import { WalkCutError } from '../../domain/tracked-map.ts';
import { LAZY_FIELDS, type LazyKind } from '../lazy-image.ts';
import { allRecords } from '../session-records.ts';
import { assembleImage, writeImage, type WrittenImage } from './image-writer.ts';

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
 * The state's records as an image's parts (as cluster-store.ts's `imageParts` writes them), a part
 * per turn; undefined when its projects or analyses read back were all built meanwhile
 * (the next write tries again).
 */
export async function imageOf(
  state: MockState,
  partSize: number,
): Promise<{ parts: string[]; records: number } | undefined> {
  const lazyKinds = new Set(Object.keys(LAZY_FIELDS) as LazyKind[]);
  for (;;) {
    let written: WrittenImage<Promise<string>> | { notIndexed: LazyKind };
    try {
      written = await stepped(writeImage(allRecords(state), lazyKinds, partSize, pack));
    } catch (error) {
      if (error instanceof WalkCutError) return undefined;
      throw error;
    }
    // A kind with a record not indexed is written eager (as imageKinds decides), from the start again.
    if ('notIndexed' in written) lazyKinds.delete(written.notIndexed);
    else return { parts: assembleImage(written.eager, await Promise.all(written.packed)), records: written.records };
  }
}

/** Runs steps to their end, one per turn of the event loop. */
async function stepped<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}
