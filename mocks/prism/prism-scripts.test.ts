// The npm scripts' command lines: `mock:prism` documents its default port, both refuse bad
// arguments (a port in use, an invalid port, a missing upstream) with their exit codes, before
// Prism starts. Serving, PORT and SIGTERM are proved where each script serves the suites that use
// it: prism-mock.test.ts and prism-proxy.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, type ScriptRun } from './script-process.ts';

const started: ScriptRun[] = [];
const servers: Server[] = [];
// Each test starts tsx as a child process: allow for a loaded machine.
const SPAWN = { timeout: 60_000 };

function run(script: string, args: string[], env: Record<string, string> = {}): ScriptRun {
  const running = runScript(script, args, env);
  started.push(running);
  return running;
}

afterAll(async () => {
  for (const script of started) script.kill();
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('npm run mock:prism', () => {
  it("defaults to port 4012, not the stateful mock's 4010", SPAWN, async () => {
    const script = run('scripts/prism-mock.ts', ['--help']);
    expect(await script.exited).toBe(0);
    expect(script.output()).toContain('default 4012');
  });

  it('refuses a port in use with one line and exit code 1, before starting Prism', SPAWN, async () => {
    const busy = createServer();
    servers.push(busy);
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const script = run('scripts/prism-mock.ts', [], { PORT: String(port) });
    expect(await script.exited).toBe(1);
    expect(script.output().trim().split('\n')).toEqual([
      `Port ${port} on 127.0.0.1 is in use: choose another with --port <port> or PORT=<port>`,
    ]);
  });

  it('refuses an invalid --port with exit code 2', SPAWN, async () => {
    const script = run('scripts/prism-mock.ts', ['--port', 'eighty']);
    expect(await script.exited).toBe(2);
    expect(script.output()).toContain('Invalid port "eighty"');
  });
});

describe('npm run proxy:prism', () => {
  it('refuses to start without an upstream', SPAWN, async () => {
    const script = run('scripts/prism-proxy.ts', []);
    expect(await script.exited).toBe(2);
    expect(script.output()).toContain('Missing <upstream>');
  });
});
