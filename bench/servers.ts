// How each server under test is started: the bare and Fastify-floor replays, the stateful mock, Prism.
import { defaultCredentials } from '../mocks/src/domain/default-seed.ts';
import { prismCliEntry } from '../mocks/prism/prism-process.ts';
import { freePort } from '../contract-tests/support/free-port.ts';
import { tsEntry } from './node-entry.ts';
import type { ServerId } from './results.ts';
import { API_PREFIX } from './scenarios.ts';
import { startServer, type RunningServer } from './server-process.ts';

export const SERVER_LABELS: Record<ServerId, string> = {
  bare: 'bare node:http',
  floor: 'Fastify floor',
  mock: 'stateful mock (bundled JS)',
  uncached: 'stateful mock, response cache off',
  prism: 'Prism static',
};

/** `Authorization: <API key>` as the mock expects by default (MOCK_API_KEY overrides it in both). */
export function apiKeyHeaders(): Record<string, string> {
  return { authorization: defaultCredentials().apiKey };
}

const readyProbe = () => ({
  path: `${API_PREFIX}/integration/projects?page=0&pageSize=10`,
  headers: { ...apiKeyHeaders(), 'content-type': 'application/json' },
});

/** A replay of recorded answers: `bare` (node:http, the recorded bytes) or `floor` (Fastify, the recorded objects). */
export async function startReplay(id: 'bare' | 'floor', recordingFile: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    name: SERVER_LABELS[id],
    ...tsEntry(new URL(id === 'bare' ? './bare-server.ts' : './fastify-floor-server.ts', import.meta.url)),
    env: { BENCH_RECORDING: recordingFile, PORT: String(port), HOST: '127.0.0.1' },
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
  });
}

/**
 * The mock seeded with `projects` generated projects, from the bundle of mock-bundle.ts, with or
 * without its response cache; with BENCH_CPU_PROF=<dir> it writes a CPU profile there when stopped.
 */
export async function startMockServer(
  bundle: string,
  projects: number,
  responseCache = true,
  stateFile?: string,
  cluster?: { store: string; nodeId: string; leaseMs?: number; compactRows?: number },
): Promise<RunningServer> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeOptions = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const label = `${responseCache ? SERVER_LABELS.mock : SERVER_LABELS.uncached}${stateFile ? ', state file on' : ''}${cluster ? `, PostgreSQL node ${cluster.nodeId}` : ''}`;
  const env = {
    ...(responseCache ? {} : { BENCH_RESPONSE_CACHE: 'off' }),
    ...(stateFile ? { BENCH_STATE_FILE: stateFile } : {}),
    ...(cluster
      ? {
          BENCH_STORE: cluster.store,
          BENCH_NODE_ID: cluster.nodeId,
          ...(cluster.leaseMs ? { BENCH_LEASE_MS: String(cluster.leaseMs) } : {}),
          ...(cluster.compactRows ? { BENCH_COMPACT_ROWS: String(cluster.compactRows) } : {}),
        }
      : {}),
  };
  return startMockProcess(label, process.execPath, [...nodeOptions, bundle], projects, env);
}

/** The same mock run from its TypeScript sources through the tsx loader (start-up comparison only). */
export async function startMockViaTsx(projects: number): Promise<RunningServer> {
  const entry = tsEntry(new URL('./mock-server.ts', import.meta.url));
  return startMockProcess(MOCK_VIA_TSX, entry.command, entry.args, projects);
}

export const MOCK_VIA_TSX = 'stateful mock via tsx loader';

async function startMockProcess(
  name: string,
  command: string,
  args: string[],
  projects: number,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    name,
    command,
    args,
    env: { ...env, BENCH_PROJECTS: String(projects), PORT: String(port) },
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
    // Seeding (and writing) a million projects takes minutes here.
    readyTimeoutMs: Math.max(120_000, projects * 0.6),
  });
}

/**
 * Prism's static mock on the document with `/api` in its paths that mocks/prism derives from the
 * contract, in its faster mode: `--multiprocess` forks the HTTP server from the CLI, which then
 * only writes the request log (the default outside NODE_ENV=production is one process).
 */
export async function startPrism(documentPath: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    name: SERVER_LABELS.prism,
    command: process.execPath,
    args: [prismCliEntry(), 'mock', documentPath, '--host', '127.0.0.1', '--port', String(port), '--multiprocess'],
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
  });
}
