// How each server under test is started: a bare node:http replay, the stateful mock, Prism.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { defaultCredentials } from '../mocks/domain/default-seed.ts';
import { freePort } from './free-port.ts';
import { tsEntry } from './node-entry.ts';
import type { ServerId } from './results.ts';
import { API_PREFIX } from './scenarios.ts';
import { startServer, type RunningServer } from './server-process.ts';

export const SERVER_LABELS: Record<ServerId, string> = { bare: 'bare node:http', mock: 'stateful mock', prism: 'Prism static' };

/** `Authorization: <API key>` as the mock expects by default (MOCK_API_KEY overrides it in both). */
export function apiKeyHeaders(): Record<string, string> {
  return { authorization: defaultCredentials().apiKey };
}

const readyProbe = () => ({ path: `${API_PREFIX}/integration/projects?page=0&pageSize=10`, headers: { ...apiKeyHeaders(), 'content-type': 'application/json' } });

export async function startBare(recordingFile: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    name: SERVER_LABELS.bare,
    ...tsEntry(new URL('./bare-server.ts', import.meta.url)),
    env: { BENCH_RECORDING: recordingFile, PORT: String(port), HOST: '127.0.0.1' },
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
  });
}

/** The mock seeded with `projects` generated projects; with BENCH_CPU_PROF=<dir> it writes a CPU profile there. */
export async function startMockServer(projects: number): Promise<RunningServer> {
  const port = await freePort();
  const entry = tsEntry(new URL('./mock-server.ts', import.meta.url));
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeOptions = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  return startServer({
    name: SERVER_LABELS.mock,
    command: entry.command,
    args: [...nodeOptions, ...entry.args],
    env: { BENCH_PROJECTS: String(projects), PORT: String(port) },
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
    readyTimeoutMs: 120_000,
  });
}

function prismCli(): string {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve('@stoplight/prism-cli/package.json');
  } catch {
    throw new Error('Prism is not installed (@stoplight/prism-cli missing from node_modules): run `npm ci`.');
  }
  return join(dirname(manifest), (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { prism: string } }).bin.prism);
}

/**
 * Prism's static mock with its default settings (it forks its HTTP server from the CLI), on the
 * document with `/api` in its paths that mocks/prism derives from the contract.
 */
export async function startPrism(documentPath: string): Promise<RunningServer> {
  const port = await freePort();
  return startServer({
    name: SERVER_LABELS.prism,
    command: process.execPath,
    args: [prismCli(), 'mock', documentPath, '--host', '127.0.0.1', '--port', String(port)],
    origin: `http://127.0.0.1:${port}`,
    probe: readyProbe(),
  });
}
