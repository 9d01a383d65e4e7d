// Starts the stateful mock (mocks/src/server.ts) in a child process on a free loopback port and talks
// to it: its base URL, its memory (heap after a forced GC, resident set, peak resident set read
// from /proc), whether it is still alive, and closing it.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { buildMockBundle } from '../../support/mock-bundle.ts';

const SERVER = fileURLToPath(new URL('../../../mocks/src/server.ts', import.meta.url));
const START_TIMEOUT_MS = 30_000;

export interface MockMemory {
  heapUsed: number;
  rss: number;
  /** Peak resident set size of the process so far (VmHWM). */
  peakRss: number;
  polluted: string[];
}

export interface MockProcess {
  origin: string;
  baseUrl: string;
  pid: number;
  memory(): Promise<MockMemory>;
  /** Sets the peak resident set back to the current one (Linux clear_refs), to measure a peak of one step. */
  resetPeakRss(): void;
  /** Exit code or signal when the process has ended, with the end of its stderr. */
  exited(): string | undefined;
  /** Ends the process at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  close(): Promise<void>;
}

function statusKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  if (!line) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(line.replace(/\D+/g, '')) * 1024;
}

function nextMessage<T>(child: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => done(new Error(`the mock process sent no "${type}" within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const onMessage = (m: { type: string }) => m.type === type && done(undefined, m as T);
    const onExit = (code: number | null, signal: string | null) =>
      done(new Error(`the mock process exited (${code ?? signal})`));
    function done(error?: Error, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve(value as T);
    }
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

export interface MockProcessOptions {
  seed?: unknown;
  env?: Record<string, string>;
  /** Extra Node options for the child (a test preloads a module with `--import`). */
  execArgv?: string[];
}

let childBundle: Promise<{ path: string; code: string }> | undefined;
let childCount = 0;

/**
 * mock-child.ts bundled by esbuild (as the benchmarks run the mock), once per test process: a child
 * started through the tsx loader spends twice the CPU starting up (1.4 against 0.7 CPU-s here), and
 * several files start one per test. The bundle is kept in memory; each child gets its own copy of
 * the file beside the project's node_modules, removed once the child is ready: vitest ends its
 * workers without an 'exit' event, so a file kept for the process's lifetime would stay behind.
 */
async function childEntry(): Promise<string> {
  childBundle ??= buildMockBundle(new URL('./mock-child.ts', import.meta.url)).then(async (bundle) => {
    const code = await readFile(bundle.path, 'utf8');
    await bundle.remove();
    return { path: bundle.path, code };
  });
  const { path, code } = await childBundle;
  childCount += 1;
  const entry = path.replace(/\.mjs$/, `.${childCount}.mjs`);
  writeFileSync(entry, code);
  return entry;
}

export async function startMockProcess(options: MockProcessOptions = {}): Promise<MockProcess> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: the stateful mock must export startMock() there`);
  const entry = await childEntry();
  const child = fork(entry, [], {
    execArgv: ['--expose-gc', ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env, ...(options.seed ? { MOCK_CHILD_SEED: JSON.stringify(options.seed) } : {}) },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let ended: string | undefined;
  child.on('exit', (code, signal) => {
    ended = `exit ${code ?? signal}; stderr: ${stderr}`;
  });
  const ready = await nextMessage<{ origin: string; baseUrl: string }>(child, 'ready', START_TIMEOUT_MS)
    .catch((error: Error) => {
      child.kill('SIGKILL');
      throw new Error(`${error.message}; stderr: ${stderr}`);
    })
    .finally(() => rm(entry, { force: true }));
  const pid = child.pid as number;
  return {
    origin: ready.origin,
    baseUrl: ready.baseUrl,
    pid,
    async memory() {
      const peakRss = statusKb(pid, 'VmHWM');
      child.send({ type: 'memory' });
      const report = await nextMessage<Omit<MockMemory, 'peakRss'>>(child, 'memory', 10_000);
      return { heapUsed: report.heapUsed, rss: report.rss, polluted: report.polluted, peakRss };
    },
    resetPeakRss: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    exited: () => ended,
    async kill() {
      if (ended) return;
      const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      await exit;
    },
    async close() {
      if (ended) return;
      const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
