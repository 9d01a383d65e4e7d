// Issue 27, a session grown by small writes on PostgreSQL (BENCH_TEAM_MOCK=compaction): the
// default session holds RESTART_PROJECTS projects and their analyses as rows of mock_records
// (written through the store's write path a thousand at a time: the rows API calls leave, one per record),
// then: spawn to the first list of a node that must read every row (compaction off); a node that
// claims it and writes it as an image (compaction.ts) while create-company calls go on, their rate
// during the compaction against after it; spawn to the first list once it is an image.
import { loadavg } from 'node:os';
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

/**
 * Writes the default session as the bench's seed with `projects` projects, all as rows; `lazy`:
 * five sixths of them as an image (read back lazily), the rest as rows (past an eighth of the image).
 */
export async function grow(url: string, projects: number, lazy = false): Promise<void> {
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
    let rows = records.filter(grown);
    const { fence } = claim.owned;
    // The first projects (and their analyses) in the image; the rest as rows.
    const imaged = lazy
      ? new Set(
          rows
            .filter((op) => op[0] === 'project')
            .slice(0, Math.round((projects * 5) / 6))
            .map((op) => op[1]),
        )
      : new Set<string>();
    const inImage = (op: RecordOp) =>
      imaged.has(op[0] === 'project' ? op[1] : (op[2] as { projectId: string }).projectId);
    await store.write(DEFAULT_SESSION, fence, {
      fresh: { seed: seedOfLine(benchSeed(0)) },
      meta,
      upserts: [...others, ...rows.filter(inImage)],
      deletes: [],
    });
    rows = rows.filter((op) => !inImage(op));
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

/** create-company calls on a session (the default one unless named) from `connections` loops until `stop`, each answer's end time. */
function createLoad(origin: string, connections: number, session?: string) {
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
            headers: { ...create.headers, ...(session ? { 'x-mock-session': session } : {}) },
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

/** One compaction measured on one bundle (`BENCH_BASE_BUNDLE`: side by side with the code before). */
export interface CompactionSide {
  bundle: 'base' | 'this';
  form: 'rows' | 'lazy';
  compactionMs: number;
  /** create-company on the compacted session (8 connections) and on another session of the node (2), while it ran. */
  session: { perSecond: number; maxMs: number };
  other: { perSecond: number; maxMs: number };
  /** The node's CPU seconds from its claim to the image committed, and its peak resident memory (VmHWM) by then. */
  cpuSeconds: number;
  peakRssMiB: number;
  load: number;
}

/**
 * The compaction alone, for each bundle in turn (the session grown again before each): `form` rows
 * (every record as rows, read whole at the claim) or lazy (an image read back lazily, and rows).
 */
export async function measureCompactionSides(
  bundles: { base: string; this: string },
  pg: PostgresServer,
  form: 'rows' | 'lazy',
  log: (line: string) => void,
): Promise<CompactionSide[]> {
  const sides: CompactionSide[] = [];
  for (const which of ['base', 'this'] as const) {
    await grow(pg.url, RESTART_PROJECTS, form === 'lazy');
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    const node = await startMockServer(bundles[which], 0, true, undefined, {
      store: pg.url,
      nodeId: `compactor-${which}`,
    });
    try {
      const before = (
        await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mock_records WHERE session_id = ${DEFAULT_SESSION}`
      )[0]!.n;
      // The other session is claimed (and written) first: its answers during the compaction are the node's.
      const other = createLoad(node.origin, 2, 'compaction-bystander');
      await new Promise((r) => setTimeout(r, 500));
      const list = await fetch(`${node.origin}/api/integration/projects?page=0&pageSize=10`, {
        headers: apiKeyHeaders(),
      });
      await list.arrayBuffer();
      const claimed = performance.now();
      const cpuAtClaim = node.cpuSeconds();
      const load = createLoad(node.origin, 8);
      const imaged = async () =>
        (
          await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM mock_records WHERE session_id = ${DEFAULT_SESSION}`
        )[0]!.n < Math.min(10_000, before / 2);
      while (!(await imaged())) {
        if (performance.now() - claimed > 600_000) throw new Error('no compaction within 10 minutes');
        await new Promise((r) => setTimeout(r, 20));
      }
      const done = performance.now();
      const side: CompactionSide = {
        bundle: which,
        form,
        compactionMs: done - claimed,
        session: windowOf(load.ends, claimed, done),
        other: windowOf(other.ends, claimed, done),
        cpuSeconds: node.cpuSeconds() - cpuAtClaim,
        peakRssMiB: node.peakMemoryBytes() / 2 ** 20,
        load: loadavg()[0]!,
      };
      await load.stop();
      await other.stop();
      sides.push(side);
      log(`  ${JSON.stringify(side)}`);
    } finally {
      await node.stop();
      await sql.end();
    }
  }
  return sides;
}

/** Side-by-side runs as Markdown: medians per bundle. */
export function compactionSidesMarkdown(sides: readonly CompactionSide[]): string {
  const forms = [...new Set(sides.map((s) => s.form))];
  const lines = [
    '',
    `### Compaction side by side (${RESTART_PROJECTS.toLocaleString('en')} projects; medians of ${sides.filter((s) => s.bundle === 'this' && s.form === forms[0]).length})`,
    '',
    '| form | code | compaction ms | session: create/s, slowest ms | another session: create/s, slowest ms | node CPU s | peak RSS MiB | load |',
    '| --- | --- | ---: | --- | --- | ---: | ---: | --- |',
  ];
  for (const form of forms)
    for (const bundle of ['base', 'this'] as const) {
      const runs = sides.filter((s) => s.form === form && s.bundle === bundle);
      const m = (pick: (s: CompactionSide) => number) => Math.round(median(runs.map(pick)));
      lines.push(
        `| ${form} | ${bundle === 'base' ? 'before' : 'now'} | ${m((s) => s.compactionMs)} | ${m((s) => s.session.perSecond)}, ${m((s) => s.session.maxMs)} | ${m((s) => s.other.perSecond)}, ${m((s) => s.other.maxMs)} | ${median(runs.map((s) => s.cpuSeconds)).toFixed(1)} | ${m((s) => s.peakRssMiB)} | ${runs.map((s) => s.load.toFixed(0)).join(', ')} |`,
      );
    }
  return `${lines.join('\n')}\n`;
}
