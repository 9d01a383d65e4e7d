// Starts `npm start` (the stateful mock with the documentation site) on a free loopback port and
// stops its whole process group afterwards, so no server outlives the test.
import { spawn } from 'node:child_process';
import { freePort } from '../support/free-port.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface RunningSite {
  origin: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` with PORT set; resolves once `/docs/` answers with the page. */
export async function startSite(timeoutMs = 90_000): Promise<RunningSite> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // detached: npm, tsx and node share a new process group that stop() can end as a whole.
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), NO_COLOR: '1' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('error', (error) => (output += `\n${error.message}`));
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };

  const stop = async (): Promise<void> => {
    signalGroup('SIGTERM');
    const killer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killer);
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`npm start exited with code ${child.exitCode} before serving /docs/:\n${output}`);
    }
    const response = await fetch(`${origin}/docs/`).catch(() => null);
    if (response?.ok && (response.headers.get('content-type') ?? '').includes('text/html')) {
      await response.body?.cancel();
      return { origin, stop };
    }
    await response?.body?.cancel();
    await sleep(250);
  }
  await stop();
  throw new Error(`npm start did not serve ${origin}/docs/ within ${timeoutMs} ms:\n${output}`);
}
