// A node's first calls of a big session read back from PostgreSQL (BENCH_TEAM_MOCK=first-calls):
// ms from spawn (and from the node's readiness, when its claim starts) to the first answer of a
// company list, a create-company, an analysis detail and a reset of a session of
// RESTART_PROJECTS projects stored as an image. Each call gets a fresh copy of the session (made
// in SQL), so none of them finds parts another call fetched. BENCH_SPREAD_OWNERS=1 spreads the
// session's projects over two owners (every other one), BENCH_FIRST_CALLS picks the calls. With BENCH_BASE_BUNDLE (a bundle built
// from an earlier commit), that mock is measured in the same run, alternating with this one.
import { readFileSync } from 'node:fs';
import { startPostgres } from '../mocks/test/support/postgres-server.ts';
import { freePort } from '../contract-tests/support/free-port.ts';
import { exampleValue } from '../client/test/support/every-operation.ts';
import { startServer } from './server-process.ts';
import { apiKeyHeaders, startMockServer } from './servers.ts';
import { median } from './stats.ts';
import { RESTART_PROJECTS } from './team-mock.ts';

export const FIRST_CALLS = [
  'list',
  'create',
  'detail',
  'reset',
  'keywords',
  'search',
  'fund',
  'settle',
  'trigger',
] as const;
export type FirstCall = (typeof FIRST_CALLS)[number];
/** BENCH_FIRST_CALLS (comma-separated) measures only those. */
const CALLS = (process.env.BENCH_FIRST_CALLS?.split(',') ?? FIRST_CALLS).filter((c): c is FirstCall =>
  (FIRST_CALLS as readonly string[]).includes(c),
);
/** BENCH_SPREAD_OWNERS=1: every other project is the second user's, whose list is the one measured. */
const SPREAD = process.env.BENCH_SPREAD_OWNERS === '1';
const CALL_LABELS: Record<FirstCall, string> = {
  list: 'list 10 (the big session)',
  create: 'create company',
  detail: 'analysis detail',
  reset: 'reset (POST /__mock/reset)',
  keywords: 'list 10 with keywords (a rare term)',
  search: 'company search (a rare term)',
  fund: 'fund run summary (an unknown run: 404)',
  settle: 'settle (POST /__mock/settle)',
  trigger: 'webhook trigger naming a project (no webhook saved: 409)',
};
/** The answer each call gets (the fund run asked for is unknown). */
const EXPECTED_STATUS: Partial<Record<FirstCall, number>> = { fund: 404, trigger: 409 };

/** One spawn: ms from spawn to /readyz and to the first answer of its call, and the bytes the node read meanwhile. */
export interface FirstCallTime {
  ready: number;
  answered: number;
  /** Bytes the node read (`rchar` of /proc/<pid>/io: the database's answers, the request) from /readyz to its answer. */
  readBytes: number;
  /** CPU ms of the node from its spawn to the answer (user and system, /proc/<pid>/stat). */
  cpuMs: number;
}

/** The process's CPU so far, ms (utime and stime, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function readChars(pid: number): number {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('rchar:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
}

export interface FirstCallsRun {
  projects: number;
  spread: boolean;
  /** By bundle label ('base' and 'this'), by call, one time per repetition. */
  times: Record<string, Record<FirstCall, FirstCallTime[]>>;
  load: number[];
}

/**
 * The id of the completed analysis of the bench seed's project `k`: the seed's ids are counters,
 * three per project (project, entity, analysis: control/seed-records.ts).
 */
function seededAnalysisId(k: number): string {
  return `b0000000-0000-4000-8000-${(3 * k + 3).toString(16).padStart(12, '0')}`;
}

function request(call: FirstCall, analysisId: string): { path: string; init: RequestInit } {
  const headers = apiKeyHeaders();
  switch (call) {
    case 'list':
      return {
        path: '/api/integration/projects?page=0&pageSize=10',
        init: { headers: SPREAD ? { authorization: `${headers.authorization}-2` } : headers },
      };
    case 'create':
      return {
        path: '/api/integration/project',
        init: {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify(exampleValue('CreateProjectNoAnalysis')),
        },
      };
    case 'detail':
      return { path: `/api/integration/analysis/detail?analysisId=${analysisId}`, init: { headers } };
    case 'reset':
      return { path: '/__mock/reset', init: { method: 'POST' } };
    case 'keywords':
      return { path: '/api/integration/projects?page=0&pageSize=10&search=nordic%20ledger', init: { headers } };
    case 'search':
      return { path: '/api/integration/project/search?keywords=nordic%20ledger', init: { headers } };
    case 'fund':
      return {
        path: '/api/integrationfund/fund?fundExtractionId=00000000-0000-4000-8000-000000000000',
        init: { headers },
      };
    case 'settle':
      return { path: '/__mock/settle', init: { method: 'POST' } };
    case 'trigger': {
      // The analysis's project: the counter two before it, its kind's prefix (control/seed-records.ts).
      const projectId = analysisId
        .replace(/^b/, 'a')
        .replace(/[0-9a-f]{12}$/, (n) => (Number.parseInt(n, 16) - 2).toString(16).padStart(12, '0'));
      return {
        path: '/__mock/webhooks/trigger',
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event: 'changedStatus', projectId }),
        },
      };
    }
  }
}

/** A copy of a stored session under another id, in one transaction (its image rows share one xmin). */
async function copySession(url: string, from: string, to: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      await tx`INSERT INTO mock_sessions (id, seed, meta, fence, written_at)
        SELECT ${to}, seed, meta, fence, written_at FROM mock_sessions WHERE id = ${from}`;
      await tx`INSERT INTO mock_images (session_id, part, data) SELECT ${to}, part, data FROM mock_images WHERE session_id = ${from}`;
      await tx`INSERT INTO mock_records (session_id, kind, key, value)
        SELECT ${to}, kind, key, value FROM mock_records WHERE session_id = ${from} ORDER BY seq`;
    });
  } finally {
    await sql.end({ timeout: 2 });
  }
}

async function dropSession(url: string, id: string): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`DELETE FROM mock_sessions WHERE id = ${id}`;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/** Spawns a node of `bundle` on the database and times its first answer of `call` in `session`. */
async function timeFirstCall(
  bundle: string,
  url: string,
  call: FirstCall,
  session: string,
  analysisId: string,
): Promise<FirstCallTime> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const node = await startServer({
    name: 'first-call',
    command: process.execPath,
    // BENCH_CPU_PROF (a folder): each node writes a V8 CPU profile there when it stops.
    args: [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : []), bundle],
    env: { PORT: String(port), BENCH_PROJECTS: '0', BENCH_STORE: url, BENCH_NODE_ID: `first-${session}` },
    origin: `http://127.0.0.1:${port}`,
    probe: { path: '/readyz' },
  });
  try {
    const { path, init } = request(call, analysisId);
    const before = readChars(node.pid);
    const response = await fetch(`${node.origin}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-mock-session': session },
    });
    const text = await response.text();
    if (response.status !== (EXPECTED_STATUS[call] ?? 200))
      throw new Error(`first ${call}: HTTP ${response.status} ${text.slice(0, 300)}`);
    const answered = performance.now() - spawnedAt;
    return { ready: node.startupMs, answered, readBytes: readChars(node.pid) - before, cpuMs: cpuMsOf(node.pid) };
  } finally {
    await node.stop();
  }
}

/** Writes the big session once, then times each call on a fresh copy of it, for each bundle in turn. */
export async function measureFirstCalls(
  bundles: Record<string, string>,
  repetitions: number,
  log: (line: string) => void,
): Promise<FirstCallsRun> {
  const pg = await startPostgres();
  const { loadavg } = await import('node:os');
  try {
    // Each bundle its own database in the one server, written by that bundle: a release whose
    // schema is newer (it makes the older refuse the database) is measured beside an older one.
    const urls: Record<string, string> = {};
    const { default: postgres } = await import('postgres');
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      for (const [label, bundle] of Object.entries(bundles)) {
        const database = `bench_${label.replace(/\W/g, '_')}`;
        await admin.unsafe(`CREATE DATABASE ${database}`);
        urls[label] = pg.url.replace(/\/postgres$/, `/${database}`);
        const writer = await startMockServer(bundle, RESTART_PROJECTS, true, undefined, {
          store: urls[label],
          nodeId: 'writer',
        });
        await writer.stop();
      }
    } finally {
      await admin.end({ timeout: 2 });
    }
    const analysisId = seededAnalysisId(Math.floor(RESTART_PROJECTS / 2));
    const times: FirstCallsRun['times'] = {};
    const load: number[] = [];
    let copy = 0;
    for (let rep = 0; rep < repetitions; rep++)
      for (const call of CALLS) {
        const labels = Object.keys(bundles);
        // Alternating which bundle goes first: a drift of the machine's load falls on both.
        if (rep % 2 === 1) labels.reverse();
        for (const label of labels) {
          const session = `copy-${copy++}`;
          await copySession(urls[label]!, 'default', session);
          const time = await timeFirstCall(bundles[label]!, urls[label]!, call, session, analysisId);
          await dropSession(urls[label]!, session);
          ((times[label] ??= {} as Record<FirstCall, FirstCallTime[]>)[call] ??= []).push(time);
          load.push(loadavg()[0]!);
          log(
            `  ${label} ${call}: ready ${Math.round(time.ready)} ms, answered ${Math.round(time.answered)} ms, read ${(time.readBytes / 1e6).toFixed(2)} MB, CPU ${time.cpuMs} ms`,
          );
        }
      }
    return { projects: RESTART_PROJECTS, spread: SPREAD, times, load };
  } finally {
    await pg.remove();
  }
}

/** Medians per bundle and call, side by side, as Markdown. */
export function firstCallsMarkdown(run: FirstCallsRun): string {
  const labels = Object.keys(run.times);
  const cell = (label: string, call: FirstCall) => {
    const t = run.times[label]![call];
    const answered = median(t.map((x) => x.answered));
    const afterReady = median(t.map((x) => x.answered - x.ready));
    return `${Math.round(answered)} (${Math.round(afterReady)}; ${(median(t.map((x) => x.readBytes)) / 1e6).toFixed(2)} MB); ${Math.round(median(t.map((x) => x.cpuMs)))} ms CPU`;
  };
  return [
    `First calls of a session of ${run.projects.toLocaleString('en')} projects${run.spread ? " (every other one the second user's: the list is hers)" : ''} read back from PostgreSQL: ms from spawn to the answer (in brackets, from /readyz: the claim and the call, and the bytes the node read for them; then the node's CPU from spawn), medians of ${Object.values(run.times[labels[0]!]!)[0]!.length}; load ${Math.min(...run.load).toFixed(1)}-${Math.max(...run.load).toFixed(1)}:`,
    '',
    `| call | ${labels.join(' | ')} |`,
    `| --- | ${labels.map(() => '---:').join(' | ')} |`,
    ...CALLS.map((call) => `| ${CALL_LABELS[call]} | ${labels.map((l) => cell(l, call)).join(' | ')} |`),
    '',
  ].join('\n');
}
