// npx tsx scripts/bench-claim-files.ts: what a claim costs in putting a session's uploaded files on
// the claiming node's disk (ClusterStore.readFiles), side by side in one run: a node whose files of
// the session are the ones it made at an earlier claim (they are kept), and a node that does not
// know them (a restarted node, or the code before the files were kept: every file is made again).
// One session of FILES files of MIB MiB bounces between two nodes ROUNDS times; a real PostgreSQL
// is started for it (Debian's binaries, as the tests do).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from '../bench/stats.ts';
import { ClusterStore } from '../mocks/src/persistence/postgres/cluster-store.ts';
import type { Meta } from '../mocks/src/persistence/session-records.ts';
import { startPostgres } from '../mocks/test/support/postgres-server.ts';

const FILES = Number(process.env.FILES ?? 4);
const MIB = Number(process.env.MIB ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const LEASE_MS = 150;

const pg = await startPostgres();
const root = await mkdtemp(join(tmpdir(), 'bench-claim-files-'));
const open = (nodeId: string) => ClusterStore.open({ url: pg.url, nodeId, leaseMs: LEASE_MS });
try {
  const [a, b] = await Promise.all([open('a'), open('b')]);
  const claim = async (store: ClusterStore) => {
    await new Promise((r) => setTimeout(r, LEASE_MS + 30));
    const claimed = await store.claim('s');
    if (!('owned' in claimed)) throw new Error(`${store.nodeId} did not claim the session`);
    return claimed.owned.fence;
  };
  const timed = async (store: ClusterStore, dir: string) => {
    const started = performance.now();
    await store.readFiles('s', (folder) => join(root, dir, folder));
    return performance.now() - started;
  };
  const source = join(root, 'source');
  await mkdir(source);
  const files = [];
  for (let i = 0; i < FILES; i++) {
    const path = join(source, `f${i}.pdf`);
    await writeFile(path, randomBytes(MIB * 2 ** 20));
    files.push({ folderId: 'folder', name: `f${i}.pdf`, path });
  }
  const meta: Meta = { credits: 1, engineAvailable: true, faults: {} as Meta['faults'], lastJob: 0 };
  await a.write('s', await claim(a), { fresh: { seed: null }, meta, upserts: [], deletes: [], files });
  const kept: number[] = [];
  const made: number[] = [];
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [store, dir] of [
      [b, 'b'],
      [a, 'a'],
    ] as const) {
      await claim(store);
      const ms = await timed(store, dir);
      // The first claim on each node makes its files: not a bounce back.
      if (round > 0) kept.push(ms);
    }
    // A node that does not know the files (restarted) claims, into a folder of its own.
    const restarted = await open(`r${round}`);
    await claim(restarted);
    made.push(await timed(restarted, `r${round}`));
    await restarted.close();
    loads.push(loadavg()[0]!);
  }
  await Promise.all([a.close(), b.close()]);
  const ms = (values: number[]) =>
    `${median(values).toFixed(1)} ms (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`;
  console.log(
    `${FILES} files of ${MIB} MiB, ${ROUNDS} rounds, load ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)}`,
  );
  console.log(`  claim on a node that made the files before: median ${ms(kept)}`);
  console.log(`  claim on a node that does not know them:    median ${ms(made)}`);
} finally {
  await rm(root, { recursive: true, force: true });
  await pg.remove();
}
