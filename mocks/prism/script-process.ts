// Runs `npm run mock:prism` or `npm run proxy:prism` the way npm does (tsx on the script) for the tests: in
// its own process group, so cleanup reaches Prism too (a grandchild under tsx), with its output collected.
import { spawn } from 'node:child_process';

const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;

export interface ScriptRun {
  /** Everything printed so far, stdout and stderr. */
  output(): string;
  exited: Promise<number | null>;
  /** The base URL the script prints once Prism listens. */
  baseUrl(): Promise<string>;
  /** SIGTERM, as Ctrl-C or a process manager sends; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL to the whole group, for cleanup; nothing happens when it has already exited. */
  kill(): void;
}

export function runScript(script: string, args: string[], env: Record<string, string> = {}): ScriptRun {
  const child = spawn(TSX, [script, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    async baseUrl() {
      for (let i = 0; i < 300; i++) {
        const found = /base URL (http:\/\/\S+)/.exec(output);
        if (found?.[1]) return found[1];
        if (child.exitCode !== null) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no base URL printed:\n${output}`);
    },
    stop() {
      child.kill('SIGTERM');
      return exited;
    },
    kill() {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has already exited.
      }
    },
  };
}
