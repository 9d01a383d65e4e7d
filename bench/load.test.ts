import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLoad } from './load.ts';

let server: Server;
let origin: string;
const seen: string[] = [];

beforeAll(async () => {
  // Answers /ok with 200, /flaky with 500 on every other request, /down always with 500; logs what it got.
  let flaky = 0;
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (seen.length < 50) seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''} ${body}`);
      const fail = req.url === '/down' || (req.url === '/flaky' && flaky++ % 2 === 1);
      res.writeHead(fail ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// A quarter of a second: hundreds of requests, enough for every count below, at a quarter of the CPU.
const options = { durationSeconds: 0.25, connections: 2 };

describe('runLoad', () => {
  it('sends the given requests in turn and measures successful responses', async () => {
    const result = await runLoad(
      origin,
      [
        { method: 'GET', path: '/ok', headers: { authorization: 'k' } },
        {
          method: 'POST',
          path: '/ok',
          headers: { authorization: 'k', 'content-type': 'application/json' },
          body: '{"a":1}',
        },
      ],
      options,
    );
    expect(result.failures).toBe(0);
    // Counts, not speed: how many requests a busy machine manages in a run is the benchmark's business.
    expect(result.ok).toBeGreaterThan(10);
    expect(result.requestsPerSecond).toBeCloseTo(result.ok / result.durationSeconds, 6);
    expect(result.p50Ms).toBeGreaterThan(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(seen).toContain('GET /ok k ');
    expect(seen).toContain('POST /ok k {"a":1}');
  });

  it('counts non-2xx answers as failures and leaves them out of the latencies', async () => {
    const result = await runLoad(origin, [{ method: 'GET', path: '/flaky', headers: {} }], options);
    expect(result.failures).toBeGreaterThan(5);
    expect(Math.abs(result.failures - result.ok)).toBeLessThanOrEqual(options.connections + 1);
  });

  it('fails when no request succeeds', async () => {
    await expect(runLoad(origin, [{ method: 'GET', path: '/down', headers: {} }], options)).rejects.toThrow(
      /no 2xx response from .*\/down/,
    );
  });
});
