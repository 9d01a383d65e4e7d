// Issue 17's figures: the create-company rate with the state file off and on (what durability
// costs a write), the restart time on a state file holding 100,000 projects, and the memory one
// session of the default seed takes.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startMock } from '../mocks/src/server.ts';
import { runLoad, type LoadOptions } from './load.ts';
import { SCENARIOS } from './scenarios.ts';
import { loadServer } from './server-load.ts';
import { apiKeyHeaders, startMockServer } from './servers.ts';
import { median } from './stats.ts';

/** BENCH_RESTART_PROJECTS overrides it (1,000,000 for issue 27's second measure). */
export const RESTART_PROJECTS = Number(process.env.BENCH_RESTART_PROJECTS ?? 100_000);
const CREATE_PROJECTS = 1_000;
const MEMORY_SESSIONS = 1_000;

export interface TeamMockRun {
  /** Create company (POST) per second, p50 and p99 ms, by state file off / on. */
  create: Record<'off' | 'on', { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number }>;
  restart: { projects: number; fileBytes: number; firstStartMs: number; restartMs: number };
  memory: { sessions: number; heapBytesPerSession: number };
}

async function createRate(
  bundle: string,
  stateFile: string | undefined,
  options: LoadOptions & { warmupSeconds: number },
) {
  const server = await startMockServer(bundle, CREATE_PROJECTS, true, stateFile);
  try {
    const scenario = SCENARIOS.find((s) => s.id === 'create-company')!;
    const request = await scenario.prepare(server.origin, apiKeyHeaders());
    await runLoad(server.origin, [request], { ...options, durationSeconds: options.warmupSeconds });
    const { requestsPerSecond, p50Ms, p99Ms, failures } = await loadServer(server, [request], options);
    return { requestsPerSecond, p50Ms, p99Ms, failures };
  } finally {
    await server.stop();
  }
}

/** Spawn to first 2xx: once writing the 100,000 seeded projects to a new file, then reading them back. */
async function restartTime(bundle: string, dir: string) {
  const file = join(dir, 'restart.state');
  const first = await startMockServer(bundle, RESTART_PROJECTS, true, file);
  await first.stop();
  // The seed is unused when the file exists: no projects generated for the restart.
  const again = await startMockServer(bundle, 0, true, file);
  await again.stop();
  return {
    projects: RESTART_PROJECTS,
    fileBytes: statSync(file).size,
    firstStartMs: first.startupMs,
    restartMs: again.startupMs,
  };
}

/** Heap growth per session created by a first request, in this process, after full collections. */
async function sessionMemory() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const mock = await startMock({ port: 0, maxSessions: MEMORY_SESSIONS });
  try {
    const before = heap();
    for (let i = 0; i < MEMORY_SESSIONS; i += 1) {
      const response = await fetch(`${mock.baseUrl}/integration/projects`, {
        headers: { ...apiKeyHeaders(), 'x-mock-session': `bench-${i}` },
      });
      if (response.status !== 200) throw new Error(`session bench-${i}: HTTP ${response.status}`);
      await response.arrayBuffer();
    }
    return { sessions: MEMORY_SESSIONS, heapBytesPerSession: (heap() - before) / MEMORY_SESSIONS };
  } finally {
    await mock.close();
  }
}

export async function measureTeamMock(
  bundle: string,
  options: LoadOptions & { warmupSeconds: number },
  log: (line: string) => void,
): Promise<TeamMockRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-team-mock-'));
  try {
    const off = await createRate(bundle, undefined, options);
    const on = await createRate(bundle, join(dir, 'create.state'), options);
    log(
      `  create company: ${Math.round(off.requestsPerSecond)} req/s without a state file, ${Math.round(on.requestsPerSecond)} req/s with one`,
    );
    const restart = await restartTime(bundle, dir);
    log(
      `  restart on ${restart.projects} projects (${Math.round(restart.fileBytes / 1e6)} MB file): ${Math.round(restart.restartMs)} ms`,
    );
    const memory = await sessionMemory();
    log(`  memory: ${Math.round(memory.heapBytesPerSession / 1024)} KiB of heap per session`);
    return { create: { off, on }, restart, memory };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Medians over the repetitions, as a Markdown section. */
export function teamMockMarkdown(runs: readonly TeamMockRun[]): string {
  const m = (pick: (run: TeamMockRun) => number) => median(runs.map(pick));
  const rate = (mode: 'off' | 'on') =>
    `| create company, state file ${mode} | ${Math.round(m((r) => r.create[mode].requestsPerSecond))} | ${m((r) => r.create[mode].p50Ms).toFixed(2)} | ${m((r) => r.create[mode].p99Ms).toFixed(2)} |`;
  return [
    '### Team mock (issue 17): state file, restart, sessions',
    '',
    '| request | req/s | p50 ms | p99 ms |',
    '| --- | ---: | ---: | ---: |',
    rate('off'),
    rate('on'),
    '',
    `Restart on a state file of ${RESTART_PROJECTS.toLocaleString('en')} projects (${(m((r) => r.restart.fileBytes) / 1e6).toFixed(0)} MB): ${Math.round(m((r) => r.restart.restartMs))} ms from spawn to the first answer (the first start, writing them: ${Math.round(m((r) => r.restart.firstStartMs))} ms).`,
    `Memory: ${(m((r) => r.memory.heapBytesPerSession) / 1024).toFixed(1)} KiB of heap per session of the default seed (${MEMORY_SESSIONS.toLocaleString('en')} sessions).`,
    '',
  ].join('\n');
}
