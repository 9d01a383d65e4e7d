// Issue 27, a session grown by small writes on PostgreSQL (BENCH_TEAM_MOCK=compaction): the
// default session holds RESTART_PROJECTS projects and their analyses as rows of mock_records
// (written through the store's write path a thousand at a time: the rows API calls leave, one per record),
// then: spawn to the first list of a node that must read every row (compaction off); a node that
// claims it and writes it as an image (compaction.ts) while create-company calls go on, their rate
// during the compaction against after it; spawn to the first list once it is an image.
import postgres from 'postgres';
import { MockRuntime } from '../mocks/src/runtime.ts';
import { ClusterStore } from '../mocks/src/persistence/postgres/cluster-store.ts';
import { allRecords, metaOf, seedOfLine, type RecordOp } from '../mocks/src/persistence/session-records.ts';
import { DEFAULT_SESSION } from '../mocks/src/sessions/session-header.ts';
import type { PostgresServer } from '../mocks/test/support/postgres-server.ts';
import { benchSeed } from './bench-seed.ts';
import { SCENARIOS } from './scenarios.ts';
import { apiKeyHeaders, startMockServer } from './servers.ts';
import { median } from './stats.ts';
import { bundleLaunch, probeStart, type Probed } from './team-mock-cluster.ts';
import { RESTART_PROJECTS } from './team-mock.ts';

export interface CompactionRun {
  projects: number;
  /** Spawn to the first list with the session as rows (read whole at the claim). */
  rows: Probed[];
  /** Spawn to the first list once it is an image. */
  image: Probed[];
  /** From the claim's first answer to the image committed (started by the first write after the claim, or a second after it). */
  compactionMs: number;
  /**
   * create-company answers per second on the session and the slowest answer: on a node with
   * compaction off (the same session as rows, the same moment after its claim), while the
   * compaction ran, and after it.
   */
  without: { perSecond: number; maxMs: number };
  during: { perSecond: number; maxMs: number };
  after: { perSecond: number; maxMs: number };
}

/** Writes the default session as the bench's seed with `projects` projects, all as rows. */
export async function grow(url: string, projects: number): Promise<void> {
  const runtime = await MockRuntime.create({ seed: benchSeed(projects) });
  const session = runtime.session(DEFAULT_SESSION);
  const records = [...allRecords(session.state)];
  const meta = metaOf(session.state);
  const store = await ClusterStore.open({ url, nodeId: 'grower' });
  try {
    const claim = await store.claim(DEFAULT_SESSION);
    if (!('owned' in claim)) throw new Error('the grower could not claim the session');
    // Projects and their analyses as rows, as API calls write them; the users and the rest first.
    const grown = (op: RecordOp) => op[0] === 'project' || op[0] === 'analysis';
    const others = records.filter((op) => !grown(op));
    const rows = records.filter(grown);
    const { fence } = claim.owned;
    await store.write(DEFAULT_SESSION, fence, {
      fresh: { seed: seedOfLine(benchSeed(0)) },
      meta,
      upserts: others,
      deletes: [],
    });
    for (let at = 0; at < rows.length; at += 1_000)
      await store.write(DEFAULT_SESSION, fence, {
        meta,
        upserts: rows.slice(at, at + 1_000),
        deletes: [],
      });
  } finally {
    await store.close();
    await runtime.close();
  }
}

/** create-company calls on the default session from `connections` loops until `stop`, each answer's end time. */
function createLoad(origin: string, connections: number) {
  const ends: { at: number; ms: number }[] = [];
  let stop = false;
  const loops = (async () => {
    const create = await SCENARIOS.find((s) => s.id === 'create-company')!.prepare('', apiKeyHeaders());
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (!stop) {
          const started = performance.now();
          const answer = await fetch(`${origin}${create.path}`, {
            method: create.method,
            headers: create.headers,
            body: create.body ?? null,
          });
          await answer.arrayBuffer();
          if (answer.status === 200) ends.push({ at: performance.now(), ms: performance.now() - started });
        }
      }),
    );
  })();
  return {
    ends,
    stop: async () => {
      stop = true;
      await loops;
    },
  };
}

const windowOf = (ends: { at: number; ms: number }[], from: number, to: number) => {
  const inside = ends.filter((e) => e.at >= from && e.at < to);
  return {
    perSecond: (inside.length * 1000) / Math.max(1, to - from),
    maxMs: Math.max(0, ...inside.map((e) => e.ms)),
  };
};

export async function measureCompaction(
  bundle: string,
  pg: PostgresServer,
  log: (line: string) => void,
): Promise<CompactionRun> {
  await grow(pg.url, RESTART_PROJECTS);
  const launch = (env: Record<string, string>) =>
    bundleLaunch(bundle, { BENCH_STORE: pg.url, BENCH_NODE_ID: 'restart', ...env });
  const rows: Probed[] = [];
  for (let i = 0; i < 3; i++) rows.push(await probeStart(launch({ BENCH_COMPACT_ROWS: '1000000000' })));
  log(`  as rows: first list ${rows.map((p) => Math.round(p.firstList)).join(', ')} ms`);
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  const claimList = async (origin: string) => {
    const list = await fetch(`${origin}/api/integration/projects?page=0&pageSize=10`, { headers: apiKeyHeaders() });
    await list.arrayBuffer();
    return performance.now();
  };
  // The control: the same load on a node that does not compact, for 3 s after its claim.
  const control = await startMockServer(bundle, 0, true, undefined, {
    store: pg.url,
    nodeId: 'control',
    compactRows: 1_000_000_000,
  });
  let without: CompactionRun['without'];
  try {
    const claimed = await claimList(control.origin);
    const load = createLoad(control.origin, 8);
    await new Promise((r) => setTimeout(r, 3_000));
    await load.stop();
    without = windowOf(load.ends, claimed, performance.now());
  } finally {
    await control.stop();
  }
  // Its rows grew by the control's writes, as they would by any.
  const node = await startMockServer(bundle, 0, true, undefined, { store: pg.url, nodeId: 'compactor' });
  let run: Pick<CompactionRun, 'compactionMs' | 'during' | 'after' | 'without'>;
  try {
    // Its rows folded into the image.
    const imaged = async () =>
      (
        await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mock_records WHERE session_id = ${DEFAULT_SESSION}`
      )[0]!.n < 10_000;
    const claimed = await claimList(node.origin);
    const load = createLoad(node.origin, 8);
    while (!(await imaged())) {
      if (performance.now() - claimed > 600_000) throw new Error('no compaction within 10 minutes');
      await new Promise((r) => setTimeout(r, 20));
    }
    const done = performance.now();
    await new Promise((r) => setTimeout(r, Math.max(3_000, done - claimed)));
    await load.stop();
    run = {
      compactionMs: done - claimed,
      without,
      during: windowOf(load.ends, claimed, done),
      after: windowOf(load.ends, done + 500, performance.now()),
    };
  } finally {
    await node.stop();
    await sql.end();
  }
  log(`  compaction: ${JSON.stringify(run)}`);
  const image: Probed[] = [];
  for (let i = 0; i < 3; i++) image.push(await probeStart(launch({})));
  log(`  as an image: first list ${image.map((p) => Math.round(p.firstList)).join(', ')} ms`);
  return { projects: RESTART_PROJECTS, rows, image, ...run };
}

/** The runs (each with three starts per form) as Markdown: medians. */
export function compactionMarkdown(runs: readonly CompactionRun[]): string {
  const all = (pick: (run: CompactionRun) => Probed[]) => runs.flatMap(pick).map((p) => p.firstList);
  const m = (pick: (run: CompactionRun) => number) => median(runs.map(pick));
  return [
    '',
    `### A session grown by small writes on PostgreSQL (${RESTART_PROJECTS.toLocaleString('en')} projects as rows)`,
    '',
    '| the session stored as | spawn to its first list, ms (median; each start) |',
    '| --- | --- |',
    `| rows (every row read at the claim) | ${Math.round(median(all((r) => r.rows)))} (${all((r) => r.rows)
      .map(Math.round)
      .join(', ')}) |`,
    `| an image, after the compaction | ${Math.round(median(all((r) => r.image)))} (${all((r) => r.image)
      .map(Math.round)
      .join(', ')}) |`,
    '',
    `Compaction: ${Math.round(m((r) => r.compactionMs))} ms from the claim's first answer to the image committed (started by the first write after the claim). create-company on that session, 8 connections: ${Math.round(m((r) => r.without.perSecond))}/s on a node that does not compact, 3 s from its claim (slowest answer ${Math.round(m((r) => r.without.maxMs))} ms); ${Math.round(m((r) => r.during.perSecond))}/s while the compaction ran (slowest ${Math.round(m((r) => r.during.maxMs))} ms); ${Math.round(m((r) => r.after.perSecond))}/s after it (slowest ${Math.round(m((r) => r.after.maxMs))} ms).`,
    '',
  ].join('\n');
}
