// The npm scripts themselves: `mock:prism` honours PORT, `proxy:prism` forwards to the upstream
// base URL given on the command line and reports a violating answer; both stop cleanly on SIGTERM
// and refuse bad arguments with their usage.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };

const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;
const started: ChildProcess[] = [];
const servers: Server[] = [];
// Each test starts tsx and Prism as child processes: allow for a loaded machine.
const SPAWN = { timeout: 60_000 };

interface Script {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function runScript(script: string, args: string[], env: Record<string, string> = {}): Script {
  // Own process group, so that cleanup can reach Prism too (a grandchild under tsx).
  const child = spawn(TSX, [script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function baseUrlOf(script: Script): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const found = /base URL (http:\/\/\S+)/.exec(script.output());
    if (found?.[1]) return found[1];
    if (script.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no base URL printed:\n${script.output()}`);
}

async function stop(script: Script): Promise<number | null> {
  script.child.kill('SIGTERM');
  return script.exited;
}

afterAll(async () => {
  for (const child of started) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // The group has already exited.
    }
  }
  for (const server of servers) await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('npm run mock:prism', () => {
  it('listens on the port from PORT (0: a free one) and stops on SIGTERM', SPAWN, async () => {
    const script = runScript('scripts/prism-mock.ts', [], { PORT: '0' });
    const baseUrl = await baseUrlOf(script);
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const response = await fetch(`${baseUrl}/integration/projects`, { headers: { authorization: 'mock-api-key' } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(await stop(script)).toBe(0);
    await expect(fetch(`${baseUrl}/integration/projects`)).rejects.toThrow();
  });

  it('defaults to port 4012, not the stateful mock\'s 4010', SPAWN, async () => {
    const script = runScript('scripts/prism-mock.ts', ['--help']);
    expect(await script.exited).toBe(0);
    expect(script.output()).toContain('default 4012');
  });

  it('refuses a port in use with one line and exit code 1, before starting Prism', SPAWN, async () => {
    const busy = createServer();
    servers.push(busy);
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    const script = runScript('scripts/prism-mock.ts', [], { PORT: String(port) });
    expect(await script.exited).toBe(1);
    expect(script.output().trim().split('\n')).toEqual([`Port ${port} on 127.0.0.1 is in use: choose another with --port <port> or PORT=<port>`]);
  });

  it('refuses an invalid --port with exit code 2', SPAWN, async () => {
    const script = runScript('scripts/prism-mock.ts', ['--port', 'eighty']);
    expect(await script.exited).toBe(2);
    expect(script.output()).toContain('Invalid port "eighty"');
  });
});

describe('npm run proxy:prism', () => {
  it('forwards /api calls to the upstream base URL and flags a violating answer', SPAWN, async () => {
    const seen: string[] = [];
    const upstream = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const { code: _dropped, ...withoutCode } = contract.components.examples.ProjectList.value;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(withoutCode));
    });
    servers.push(upstream);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamBase = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api`;

    const script = runScript('scripts/prism-proxy.ts', [upstreamBase, '--port', '0']);
    const baseUrl = await baseUrlOf(script);
    const response = await fetch(`${baseUrl}/integration/projects?page=0`, { headers: { authorization: 'k', 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(seen).toEqual(['GET /api/integration/projects?page=0']);
    expect(response.headers.get('sl-violations')).toContain("must have required property 'code'");
    expect(await stop(script)).toBe(0);
    expect(script.output()).toMatch(/Violation: response\.body .*must have required property 'code'/);
  });

  it('refuses to start without an upstream', SPAWN, async () => {
    const script = runScript('scripts/prism-proxy.ts', []);
    expect(await script.exited).toBe(2);
    expect(script.output()).toContain('Missing <upstream>');
  });
});
