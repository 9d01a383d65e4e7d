// A provider that refuses connections, never answers, or answers no JSON at all stops the run
// with exit code 3 and the reason; it never crashes the suite, hangs it, or counts as passed.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../contract-tests/support/free-port.ts';
import { listenOnLoopback, type LoopbackServer } from '../../../contract-tests/support/listen-on-loopback.ts';
import { main } from '../../src/live/cli.ts';
import { exitCodeOf, runConformance } from '../../src/live/run-conformance.ts';

let silent: LoopbackServer;
let html: LoopbackServer;
let closedUrl: string;

beforeAll(async () => {
  // It never answers, so its connections stay open until close ends them.
  silent = await listenOnLoopback(
    createServer(() => undefined),
    { closeConnections: true },
  );
  html = await listenOnLoopback(
    createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not here</h1>')),
    { closeConnections: true },
  );
  closedUrl = `http://127.0.0.1:${await freePort()}/api`;
});
afterAll(async () => {
  await silent.close();
  await html.close();
});

describe('unreachable providers', () => {
  it('exits 3 on a refused connection, with the reason', async () => {
    const report = await runConformance({ baseUrl: closedUrl, apiKey: 'k', allowWrites: false, maxCredits: 0 });
    expect(exitCodeOf(report)).toBe(3);
    expect(report.unreachable).toMatch(/could not be reached: fetch failed \(.*ECONNREFUSED/);
    expect(report.summary.passed).toBe(0);
  });

  it('gives up on a provider that never answers after --timeout', async () => {
    const started = Date.now();
    const report = await runConformance({
      baseUrl: `${silent.origin}/api`,
      apiKey: 'k',
      allowWrites: false,
      maxCredits: 0,
      timeoutMs: 200,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(report.unreachable).toMatch(/could not be reached: .*timeout/i);
  });

  it('refuses an unwritable --report with exit 2 before sending any request', async () => {
    let requests = 0;
    const counting = await listenOnLoopback(
      createServer((_req, res) => {
        requests += 1;
        res.writeHead(500).end();
      }),
      { closeConnections: true },
    );
    const errors: string[] = [];
    const error = console.error;
    console.error = (line: string) => errors.push(line);
    try {
      for (const report of ['/proc/x', '/proc/x/y', '/dev/null/reports']) {
        const started = Date.now();
        expect(await main(['--base-url', `${counting.origin}/api`, '--api-key', 'k', '--report', report])).toBe(2);
        expect(Date.now() - started).toBeLessThan(2_000);
      }
    } finally {
      console.error = error;
      await counting.close();
    }
    expect(requests).toBe(0);
    expect(errors).toHaveLength(3);
    for (const line of errors) expect(line).toMatch(/^cannot write into \/(proc|dev)\/.*\(--help for the usage\)$/);
  });

  it('exits 3 from the command line when the base URL answers no JSON', async () => {
    const lines: string[] = [];
    const log = console.log;
    console.log = (line: string) => lines.push(line);
    try {
      expect(await main(['--base-url', `${html.origin}/api`, '--api-key', 'k'])).toBe(3);
    } finally {
      console.log = log;
    }
    expect(lines.join('\n')).toContain('RESULT: UNREACHABLE: ');
    expect(lines.join('\n')).toContain('no JSON: nothing usable');
  });
});
