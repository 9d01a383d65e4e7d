// A provider that refuses connections or never answers fails the run with a reason; it never
// crashes the suite, hangs it, or counts as passed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.ts';
import { runLiveSuite } from './run-suite.ts';

let silent: Server;
let silentUrl: string;
let closedUrl: string;

beforeAll(async () => {
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/api`;
  closedUrl = `http://127.0.0.1:${await freePort()}/api`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
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
