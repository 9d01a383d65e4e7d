// Issue 27's figures, side by side in one run: create company and the company list (kept answers,
// and every read built from the state) for the mock with no store, with its state file, on
// PostgreSQL with one node, and on PostgreSQL with three nodes behind a loopback balancer; the
// CPU each costs per request, in the nodes and in the database; the start-up with 100,000
// projects stored for each store; the failover time (a node killed to its session answering on
// another node).
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type PostgresServer } from '../mocks/test/support/postgres-server.ts';
import type { LoadOptions, LoadRequest } from './load.ts';
import { runLoad } from './load.ts';
import { SCENARIOS } from './scenarios.ts';
import { startServer, type RunningServer } from './server-process.ts';
import { apiKeyHeaders, startMockServer } from './servers.ts';
import { median } from './stats.ts';
import { DEFAULT_COMPACT_BYTES } from '../mocks/src/persistence/state-store.ts';
import { freePort } from '../contract-tests/support/free-port.ts';
import { startBalancer } from './tcp-balancer.ts';
import { RESTART_PROJECTS } from './team-mock.ts';

const PROJECTS = 1_000;
export const MODES = ['none', 'embedded', 'pg1', 'pg3'] as const;
export type Mode = (typeof MODES)[number];
const MODE_LABELS: Record<Mode, string> = {
  none: 'no store (memory)',
  embedded: 'embedded (state file)',
  pg1: 'PostgreSQL, 1 node',
  pg3: 'PostgreSQL, 3 nodes + balancer',
};
const LOADS = ['create', 'listCached', 'listUncached'] as const;
type Load = (typeof LOADS)[number];
const LOAD_LABELS: Record<Load, string> = {
  create: 'create company',
  listCached: 'list 10 (kept answers)',
  listUncached: 'list 10 (built each time)',
};

interface Measured {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU of the mock nodes and of PostgreSQL per answered request, µs. */
  nodeCpuMicros: number;
  dbCpuMicros: number;
}

export interface ClusterRun {
  rates: Record<Mode, Record<Load, Measured>>;
  /**
   * Start-up with RESTART_PROJECTS projects stored in one session: the mock with no store and no
   * projects (what any start costs), with no store seeding them; for each store, spawn to /readyz,
   * to the first answer of a session of one project, and to the first list of the big session.
   */
  restart: {
    baseline: number;
    none: number;
    embedded: Probed;
    pg: Probed;
    /** With BENCH_MOCK_BIN: the packed bin on the same stores; its baseline is a session's first list with nothing stored. */
    packed?: { baseline: number; embedded: Probed; pg: Probed };
    /** Whether the state file was compacted into an image, or (too small to be) read from its log. */
    stateFile?: 'image' | 'log';
  };
  failoverMs: number;
  leaseMs: number;
}

const FAILOVER_LEASE_MS = 2_000;

async function startMode(
  bundle: string,
  mode: Mode,
  cache: boolean,
  dir: string,
  pg: PostgresServer,
  round: number,
): Promise<{ servers: RunningServer[]; origin: string; close(): Promise<void> }> {
  if (mode === 'none' || mode === 'embedded') {
    const file = mode === 'embedded' ? join(dir, `rate-${round}.state`) : undefined;
    const server = await startMockServer(bundle, PROJECTS, cache, file);
    return { servers: [server], origin: server.origin, close: () => server.stop() };
  }
  const count = mode === 'pg1' ? 1 : 3;
  const servers: RunningServer[] = [];
  for (let i = 0; i < count; i++)
    servers.push(
      await startMockServer(bundle, PROJECTS, cache, undefined, { store: pg.url, nodeId: `r${round}-${i}` }),
    );
  if (count === 1) return { servers, origin: servers[0]!.origin, close: () => servers[0]!.stop() };
  const balancer = await startBalancer(servers.map((s) => s.origin));
  return {
    servers,
    origin: balancer.origin,
    close: async () => {
      await balancer.close();
      await Promise.all(servers.map((s) => s.stop()));
    },
  };
}

async function measure(
  servers: RunningServer[],
  pg: PostgresServer,
  origin: string,
  request: LoadRequest,
  options: LoadOptions & { warmupSeconds: number },
): Promise<Measured> {
  await runLoad(origin, [request], { ...options, durationSeconds: options.warmupSeconds });
  const nodeBefore = servers.reduce((sum, s) => sum + s.cpuSeconds(), 0);
  const dbBefore = pg.cpuSeconds();
  const result = await runLoad(origin, [request], options);
  const answered = result.ok + result.failures;
  return {
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    failures: result.failures,
    nodeCpuMicros: ((servers.reduce((sum, s) => sum + s.cpuSeconds(), 0) - nodeBefore) * 1e6) / answered,
    dbCpuMicros: ((pg.cpuSeconds() - dbBefore) * 1e6) / answered,
  };
}

/** Spawn to /readyz, then to the first list of a small session, then to the first list of the big (default) one. */
export interface Probed {
  ready: number;
  small: number;
  firstList: number;
}

/** How a probed mock is started: its arguments for node, given the port, and its environment. */
export interface Launch {
  args: (port: number) => string[];
  env: Record<string, string>;
}

/** The bench's bundle on the store its environment names (BENCH_STATE_FILE, or BENCH_STORE and BENCH_NODE_ID). */
export const bundleLaunch = (bundle: string, env: Record<string, string>): Launch => ({
  args: () => [bundle],
  env: { BENCH_PROJECTS: '0', ...env },
});

/** The packed bin (`portfolio-mock`, the built package's dist/bin.js) with its own options, as a user starts it. */
export const binLaunch = (bin: string, options: string[]): Launch => ({
  args: (port) => [bin, '--port', String(port), ...options],
  env: {},
});

/** A mock started on a store that already holds the big session (no seed of its own), probed as `Probed` says (without `bigList`, not the big session's list). */
export async function probeStart(launch: Launch, bigList = true): Promise<Probed> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const node = await startServer({
    name: 'restart',
    command: process.execPath,
    args: launch.args(port),
    env: { PORT: String(port), ...launch.env },
    origin: `http://127.0.0.1:${port}`,
    probe: { path: '/readyz' },
  });
  try {
    const list = async (session?: string) => {
      const response = await fetch(`${node.origin}/api/integration/projects?page=0&pageSize=10`, {
        headers: { ...apiKeyHeaders(), ...(session ? { 'x-mock-session': session } : {}) },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`first list after restart: HTTP ${response.status}`);
      return performance.now() - spawnedAt;
    };
    const small = await list('small');
    return { ready: node.startupMs, small, firstList: bigList ? await list() : Number.NaN };
  } finally {
    await node.stop();
  }
}

/**
 * Waits (up to 10 minutes) until the state file starts with its compacted image's index: 'image'.
 * A file that stays under the size that makes a compaction (DEFAULT_COMPACT_BYTES, about 25,000
 * projects) for a second is never compacted, and is read from its log at start: 'log', at once.
 */
export async function compacted(file: string): Promise<'image' | 'log'> {
  const head = Buffer.alloc(7);
  let size = -1;
  let sameSince = performance.now();
  for (const started = performance.now(); performance.now() - started < 600_000; ) {
    const handle = await open(file, 'r');
    try {
      await handle.read(head, 0, 7, 0);
      const now = (await handle.stat()).size;
      if (now !== size) [size, sameSince] = [now, performance.now()];
    } finally {
      await handle.close();
    }
    // `{"imageV3":` (or the versions before's `{"imageV2":`, `{"image":`).
    if (head.toString() === '{"image') return 'image';
    if (size < DEFAULT_COMPACT_BYTES && performance.now() - sameSince >= 1_000) return 'log';
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${file} was not compacted within 10 minutes`);
}

/** Start-up of each store holding RESTART_PROJECTS projects, written by a first start that seeds them. */
export async function restartTimes(bundle: string, dir: string, pg: PostgresServer): Promise<ClusterRun['restart']> {
  const baseline = await startMockServer(bundle, 0, true);
  await baseline.stop();
  const none = await startMockServer(bundle, RESTART_PROJECTS, true);
  await none.stop();
  const file = join(dir, 'restart.state');
  const first = await startMockServer(bundle, RESTART_PROJECTS, true, file);
  // Its first write is compacted into an image in the background (a stop during that keeps the
  // log); a small one stays a log (the bench says so).
  const stateFile = await compacted(file);
  await first.stop();
  const embedded = await probeStart(bundleLaunch(bundle, { BENCH_STATE_FILE: file }));
  const cluster = { store: pg.url, nodeId: 'restart' };
  const written = await startMockServer(bundle, RESTART_PROJECTS, true, undefined, cluster);
  await written.stop();
  const onPg = await probeStart(bundleLaunch(bundle, { BENCH_STORE: pg.url, BENCH_NODE_ID: 'restart' }));
  const bin = process.env.BENCH_MOCK_BIN;
  // The first start after an install writes the bin's compile cache (its own cost: s27's record); not timed here.
  if (bin) await probeStart(binLaunch(bin, []), false);
  const packed = bin
    ? {
        baseline: (await probeStart(binLaunch(bin, []), false)).small,
        embedded: await probeStart(binLaunch(bin, ['--state-file', file])),
        pg: await probeStart(binLaunch(bin, ['--store', pg.url, '--node-id', 'restart'])),
      }
    : undefined;
  return { baseline: baseline.startupMs, none: none.startupMs, embedded, pg: onPg, packed, stateFile };
}

/** A node killed (SIGKILL) to its session answering on another node. */
async function failover(bundle: string, pg: PostgresServer): Promise<number> {
  const servers: RunningServer[] = [];
  for (let i = 0; i < 3; i++)
    servers.push(
      await startMockServer(bundle, 10, true, undefined, {
        store: pg.url,
        nodeId: `failover-${i}`,
        leaseMs: FAILOVER_LEASE_MS,
      }),
    );
  try {
    const headers = { 'x-mock-session': `failover-${Date.now()}` };
    const reset = await fetch(`${servers[0]!.origin}/__mock/reset`, { method: 'POST', headers });
    await reset.arrayBuffer();
    process.kill(servers[0]!.pid, 'SIGKILL');
    const killed = performance.now();
    for (;;) {
      const answer = await fetch(`${servers[1]!.origin}/__mock/state`, { headers }).catch(() => undefined);
      await answer?.arrayBuffer();
      if (answer?.status === 200) return performance.now() - killed;
      if (performance.now() - killed > 30_000) throw new Error('no failover within 30 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => {})));
  }
}

export async function measureCluster(
  bundle: string,
  options: LoadOptions & { warmupSeconds: number },
  log: (line: string) => void,
  round: number,
): Promise<ClusterRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cluster-'));
  const pg = await startPostgres();
  try {
    const create = await SCENARIOS.find((s) => s.id === 'create-company')!.prepare('', apiKeyHeaders());
    const list = await SCENARIOS.find((s) => s.id === 'list-10')!.prepare('', apiKeyHeaders());
    const rates = {} as ClusterRun['rates'];
    for (const mode of MODES) {
      const cached = await startMode(bundle, mode, true, dir, pg, round);
      let createRate: Measured;
      let listCached: Measured;
      try {
        listCached = await measure(cached.servers, pg, cached.origin, list, options);
        createRate = await measure(cached.servers, pg, cached.origin, create, options);
      } finally {
        await cached.close();
      }
      const uncached = await startMode(bundle, mode, false, dir, pg, round + 100);
      let listUncached: Measured;
      try {
        listUncached = await measure(uncached.servers, pg, uncached.origin, list, options);
      } finally {
        await uncached.close();
      }
      rates[mode] = { create: createRate, listCached, listUncached };
      log(
        `  ${MODE_LABELS[mode]}: create ${Math.round(createRate.requestsPerSecond)}, list kept ${Math.round(listCached.requestsPerSecond)}, list built ${Math.round(listUncached.requestsPerSecond)} req/s`,
      );
    }
    const restart = await restartTimes(bundle, dir, pg);
    const probed = (p: Probed) =>
      `ready ${Math.round(p.ready)} ms, another session ${Math.round(p.small)} ms, first list of the big one ${Math.round(p.firstList)} ms`;
    log(
      `  start with ${RESTART_PROJECTS} projects: no store, none stored ${Math.round(restart.baseline)} ms; no store, seeding them ${Math.round(restart.none)} ms; embedded ${probed(restart.embedded)}; PostgreSQL ${probed(restart.pg)}`,
    );
    const failoverMs = await failover(bundle, pg);
    log(`  failover: ${Math.round(failoverMs)} ms (lease ${FAILOVER_LEASE_MS} ms)`);
    return { rates, restart, failoverMs, leaseMs: FAILOVER_LEASE_MS };
  } finally {
    await pg.remove();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Medians over the repetitions, as a Markdown section. */
export function clusterMarkdown(runs: readonly ClusterRun[]): string {
  const m = (pick: (run: ClusterRun) => number) => median(runs.map(pick));
  const rows: string[] = [];
  for (const load of LOADS)
    for (const mode of MODES) {
      const at = (r: ClusterRun) => r.rates[mode][load];
      rows.push(
        `| ${LOAD_LABELS[load]} | ${MODE_LABELS[mode]} | ${Math.round(m((r) => at(r).requestsPerSecond))} | ${m((r) => at(r).p50Ms).toFixed(2)} | ${m((r) => at(r).p99Ms).toFixed(2)} | ${Math.round(m((r) => at(r).nodeCpuMicros))} | ${Math.round(m((r) => at(r).dbCpuMicros))} | ${m((r) => at(r).failures)} |`,
      );
    }
  return [
    '### Team mock on PostgreSQL (issue 27): stores side by side',
    '',
    '| request | store | req/s | p50 ms | p99 ms | node CPU µs/req | database CPU µs/req | failures |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    ...startMarkdown(runs.map((r) => r.restart)),
    `Failover (SIGKILL of the session's node to its first answer from another node, lease ${runs[0]?.leaseMs} ms): ${Math.round(m((r) => r.failoverMs))} ms.`,
    '',
  ].join('\n');
}

/** The start-up table of `restartTimes` runs (medians), as Markdown lines. */
export function startMarkdown(runs: readonly ClusterRun['restart'][]): string[] {
  const m = (pick: (run: ClusterRun['restart']) => number) => median(runs.map(pick));
  return [
    `Start with ${RESTART_PROJECTS.toLocaleString('en')} projects stored in one session, ms from spawn (the mock with no store and nothing stored: ${Math.round(m((r) => r.baseline))} ms to its first answer; with no store, seeding them: ${Math.round(m((r) => r.none))} ms)${runs.some((r) => r.stateFile === 'log') ? '. The state file was under the size that makes a compaction (16 MiB): it was read from its log, not an image; on PostgreSQL a session of fewer than 10,000 records is rows, never an image' : ''}:`,
    '',
    // The big session's time as a multiple of the same run's start with nothing stored: comparable across loads.
    '| store | to /readyz | ratio to no store | to a first list of another session | to the first list of the big session | its ratio to no store |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...(['embedded', 'pg'] as const).map(
      (store) =>
        `| ${store === 'embedded' ? 'embedded (state file)' : 'PostgreSQL'} | ${Math.round(m((r) => r[store].ready))} | ${m((r) => r[store].ready / r.baseline).toFixed(2)} | ${Math.round(m((r) => r[store].small))} | ${Math.round(m((r) => r[store].firstList))} | ${m((r) => r[store].firstList / r.baseline).toFixed(1)} |`,
    ),
    ...(runs.every((r) => r.packed)
      ? (['embedded', 'pg'] as const).map((store) => {
          const p = (pick: (run: NonNullable<ClusterRun['restart']['packed']>) => number) => m((r) => pick(r.packed!));
          return `| ${store === 'embedded' ? 'embedded (state file)' : 'PostgreSQL'}, packed bin (nothing stored: ${Math.round(p((q) => q.baseline))} ms to a first list) | ${Math.round(p((q) => q[store].ready))} | ${p((q) => q[store].ready / q.baseline).toFixed(2)} | ${Math.round(p((q) => q[store].small))} | ${Math.round(p((q) => q[store].firstList))} | ${p((q) => q[store].firstList / q.baseline).toFixed(1)} |`;
        })
      : []),
    '',
  ];
}
