import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../contract-tests/support/free-port.ts';
import { httpRequest } from './http-probe.ts';
import { tsEntry } from './node-entry.ts';
import { isRunning, processTree } from './proc-stats.ts';
import { writeRecording } from './recording.ts';
import { startServer, type RunningServer } from './server-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'bench-test-'));
const started: RunningServer[] = [];

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
});

describe('server processes', () => {
  it('starts the bare server, times its start-up, reads its peak memory and stops it', async () => {
    const recording = join(dir, 'recording.json');
    writeRecording(recording, [
      { method: 'GET', url: '/api/x?a=1', status: 200, contentType: 'application/json', body: '{"ok":true}' },
    ]);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = await startServer({
      name: 'bare',
      ...tsEntry(new URL('./bare-server.ts', import.meta.url)),
      env: { BENCH_RECORDING: recording, PORT: String(port) },
      origin,
      probe: { path: '/api/x?a=1' },
    });
    started.push(server);
    expect(server.startupMs).toBeGreaterThan(0);
    expect(server.startupMs).toBeLessThan(30_000);
    expect(server.peakMemoryBytes()).toBeGreaterThan(10 * 1024 * 1024);

    const hit = await httpRequest(`${origin}/api/x?a=1`);
    expect(hit.status).toBe(200);
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.body).toBe('{"ok":true}');
    const miss = await httpRequest(`${origin}/api/x?a=2`);
    expect(miss.status).toBe(404);
    expect(miss.body).toMatch(/no recording for GET \/api\/x\?a=2/);

    await server.stop();
    expect(isRunning(server.pid)).toBe(false);
  });

  it('counts and stops a forked server tree as one server', async () => {
    const port = await freePort();
    const script = [
      `const { spawn } = require('node:child_process');`,
      `spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });`,
      `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');`,
    ].join('\n');
    const server = await startServer({
      name: 'forking',
      command: process.execPath,
      args: ['-e', script],
      origin: `http://127.0.0.1:${port}`,
      probe: { path: '/' },
    });
    started.push(server);
    const tree = processTree(server.pid);
    expect(tree).toHaveLength(2);
    const single = processTree(tree[1]!);
    expect(single).toEqual([tree[1]]);
    expect(server.peakMemoryBytes()).toBeGreaterThan(2 * 20 * 1024 * 1024);
    await server.stop();
    expect(tree.filter(isRunning)).toEqual([]);
  });

  it('reads the CPU time the server spends', async () => {
    const port = await freePort();
    // Spins until it has used 300 ms of CPU itself (wall time would depend on how busy the machine is),
    // reading its CPU time between bursts of work: a read per turn made the spin mostly system time.
    const spin =
      'const start = process.cpuUsage().user; while (process.cpuUsage().user - start < 300_000) for (let i = 0; i < 1e6; i++);';
    const script = `require('node:http').createServer((q, s) => { if (q.url === '/spin') { ${spin} } s.end('ok'); }).listen(${port}, '127.0.0.1')`;
    const server = await startServer({
      name: 'busy',
      command: process.execPath,
      args: ['-e', script],
      origin: `http://127.0.0.1:${port}`,
      probe: { path: '/' },
    });
    started.push(server);
    const before = server.cpuSeconds();
    await httpRequest(`${server.origin}/spin`, { timeoutMs: 10_000 });
    expect(server.cpuSeconds() - before).toBeGreaterThanOrEqual(0.25);
    await server.stop();
  });

  it('fails with the output of a server that exits before answering', async () => {
    const port = await freePort();
    await expect(
      startServer({
        name: 'crashing',
        command: process.execPath,
        args: ['-e', 'console.error("boom: no config"); process.exit(3)'],
        origin: `http://127.0.0.1:${port}`,
        probe: { path: '/' },
      }),
    ).rejects.toThrow(/crashing exited before answering \(exit 3\)[\s\S]*boom: no config/);
  });

  it('fails when the server never answers 2xx, and stops it', async () => {
    const port = await freePort();
    const script = `require('node:http').createServer((q, s) => s.writeHead(503).end('not yet')).listen(${port}, '127.0.0.1')`;
    await expect(
      startServer({
        name: 'unready',
        command: process.execPath,
        args: ['-e', script],
        origin: `http://127.0.0.1:${port}`,
        probe: { path: '/' },
        readyTimeoutMs: 800,
      }),
    ).rejects.toThrow(/unready did not answer .* with 2xx within 800 ms \(last: HTTP 503: not yet\)/);
    await expect(httpRequest(`http://127.0.0.1:${port}/`, { timeoutMs: 500 })).rejects.toThrow();
  });
});
