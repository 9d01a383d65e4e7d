// One server under test in its own child process, so its start-up time and peak memory are its own.
import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { httpRequest } from './http-probe.ts';
import { cpuSeconds, isRunning, peakMemoryBytes, processTree } from './proc-stats.ts';

export interface ServerSpec {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Origin the server will listen on (the caller picked the free port). */
  origin: string;
  /** The first 2xx answer to this request marks the server as ready. */
  probe: { path: string; headers?: Record<string, string> };
  readyTimeoutMs?: number;
}

export interface RunningServer {
  name: string;
  pid: number;
  origin: string;
  /** From spawn to the first successful response, in milliseconds. */
  startupMs: number;
  peakMemoryBytes(): number;
  /** CPU seconds the server's process tree has used so far. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const OUTPUT_TAIL_CHARS = 4_000;

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

const live = new Set<ChildProcess>();
// Detached groups outlive this process unless told: never leave a server behind on any exit.
process.once('exit', () => {
  for (const child of live) signalGroup(child, 'SIGKILL');
});

/** Signals the child's whole process group (it leads one: spawned detached), so forked servers stop too. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The group is gone.
  }
}

function treeOf(child: ChildProcess): number[] {
  try {
    return processTree(child.pid!);
  } catch {
    return [];
  }
}

/** Signals land asynchronously: wait (bounded) until each process is gone or a zombie awaiting its reaper. */
async function allGone(pids: readonly number[]): Promise<void> {
  for (let waited = 0; waited < 2_000 && pids.some(isRunning); waited += 10) await sleep(10);
}

async function stopChild(child: ChildProcess): Promise<void> {
  const members = treeOf(child);
  if (child.exitCode === null && child.signalCode === null) {
    signalGroup(child, 'SIGTERM');
    const done = await Promise.race([exited(child).then(() => true), sleep(5_000, false, { ref: false })]);
    if (!done) {
      signalGroup(child, 'SIGKILL');
      await exited(child);
    }
  }
  signalGroup(child, 'SIGKILL'); // whatever the leader left behind in its group
  await allGone(members);
  live.delete(child);
}

/** Stops every server this process started and has not stopped yet. */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child)));
}

export async function startServer(spec: ServerSpec): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  live.add(child);
  // Drained always (a full pipe would stall a server that logs every request); the tail explains failures.
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));

  const timeoutMs = spec.readyTimeoutMs ?? 30_000;
  const url = `${spec.origin}${spec.probe.path}`;
  let lastProblem = 'no answer yet';
  while (performance.now() - started < timeoutMs) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stopChild(child);
      throw new Error(
        `${spec.name} exited before answering (${spawnError?.message ?? `exit ${child.exitCode ?? child.signalCode}`}): ${spec.command} ${spec.args.join(' ')}\n${tail}`,
      );
    }
    try {
      const response = await httpRequest(url, { headers: spec.probe.headers, timeoutMs: 1_000 });
      if (response.status >= 200 && response.status < 300) {
        const startupMs = performance.now() - started;
        return {
          name: spec.name,
          pid: child.pid!,
          origin: spec.origin,
          startupMs,
          peakMemoryBytes: () => peakMemoryBytes(child.pid!),
          cpuSeconds: () => cpuSeconds(child.pid!),
          stop: () => stopChild(child),
        };
      }
      lastProblem = `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    // Every 5 ms at first, a start-up timed to within a few per cent; a slow starter (Prism: seconds) is
    // asked less often, 5 ms plus 1% of the time waited so far, so the probes cost no CPU worth measuring.
    await sleep(5 + Math.min(45, (performance.now() - started) / 100));
  }
  await stopChild(child);
  throw new Error(`${spec.name} did not answer ${url} with 2xx within ${timeoutMs} ms (last: ${lastProblem})\n${tail}`);
}
