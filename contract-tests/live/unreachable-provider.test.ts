// A provider that refuses connections or never answers fails the run with a reason; it never
// crashes the suite, hangs it, or counts as passed.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { listenOnLoopback, type LoopbackServer } from '../support/listen-on-loopback.ts';
import { runLiveSuite } from './run-suite.ts';

let silent: LoopbackServer;
let silentUrl: string;
let closedUrl: string;

beforeAll(async () => {
  // It never answers, so its connections stay open until close ends them.
  silent = await listenOnLoopback(createServer(() => undefined), { closeConnections: true });
  silentUrl = `${silent.origin}/api`;
  closedUrl = `http://127.0.0.1:${await freePort()}/api`;
});
afterAll(async () => {
  await silent.close();
});

describe('unreachable providers', () => {
  it('fails every check on a refused connection, with the reason', async () => {
    const report = await runLiveSuite({ baseUrl: closedUrl, apiKey: 'k', allowWrites: false });
    expect(report.summary.passed).toBe(0);
    const list = report.results.find((r) => r.id === 'listProjects');
    expect(list?.outcome).toBe('failed');
    expect(list?.reason).toMatch(/^no response: fetch failed \(.*ECONNREFUSED/);
  });

  it('gives up on a provider that never answers after --timeout', async () => {
    const started = Date.now();
    const report = await runLiveSuite({ baseUrl: silentUrl, apiKey: 'k', allowWrites: false, timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report.summary.passed).toBe(0);
    expect(report.results.find((r) => r.id === 'listProjects')?.reason).toMatch(/^no response: .*timeout/i);
  });
});
