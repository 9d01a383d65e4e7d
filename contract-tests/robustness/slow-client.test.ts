// Slow clients are timed out: a body sent one byte a second, a request head that never ends. The
// mock runs with a 2-second request timeout (MOCK_REQUEST_TIMEOUT_MS) so the test stays short; the
// timeout answer is the contract's error envelope, and other clients are served meanwhile.
import { beforeAll, describe, expect, it } from 'vitest';
import { contractProblems, operationUrl } from './support/contract-answer.ts';
import { httpCall } from '../support/http-call.ts';
import { useMockProcess } from './support/use-servers.ts';
import { rawExchange } from './support/raw-http.ts';

const TIMEOUT_MS = 2_000;
/** The timeout plus the interval at which Node checks for it, plus slack for a loaded machine. */
const ANSWER_WITHIN_MS = TIMEOUT_MS * 2 + 2_000;
let port: number;

const mock = useMockProcess({ env: { MOCK_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) } });
beforeAll(() => {
  port = Number(new URL(mock.origin).port);
});

const body = Buffer.from(JSON.stringify({ projectId: '5eed0000-0000-4000-8000-000000000001', content: 'slowly' }));
const head = (length: number) =>
  `POST /api/integration/processmessage HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: mock-api-key\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('a body sent one byte a second is cut off with 408 in the error envelope', async () => {
    const exchange = await rawExchange(port, {
      start: head(body.length),
      trickle: body,
      intervalMs: 1_000,
      limitMs: ANSWER_WITHIN_MS + 5_000,
    });
    expect(exchange.closedAfterMs, exchange.text).toBeDefined();
    expect(exchange.closedAfterMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(exchange.status, exchange.text).toBe(408);
    expect(
      contractProblems(
        'processMessage',
        {
          status: 408,
          headers: new Headers(exchange.headers),
          bodyText: JSON.stringify(exchange.json),
          json: exchange.json,
        },
        { contractValid: undefined },
      ),
    ).toEqual([]);
  }, 20_000);

  it('a request head that never ends is cut off too', async () => {
    const exchange = await rawExchange(port, {
      start: 'GET /api/integration/projects HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      trickle: Buffer.from('X-Slow: '.padEnd(200, 'a')),
      intervalMs: 1_000,
      limitMs: ANSWER_WITHIN_MS + 5_000,
    });
    expect(exchange.closedAfterMs, exchange.text).toBeDefined();
    expect(exchange.closedAfterMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(exchange.status, exchange.text).toBe(408);
    expect(exchange.json?.code).toMatch(/\S/);
  }, 20_000);

  it('while twenty slow clients trickle, a normal request is answered at once', async () => {
    const slow = Array.from({ length: 20 }, () =>
      rawExchange(port, {
        start: head(body.length),
        trickle: body,
        intervalMs: 500,
        limitMs: ANSWER_WITHIN_MS + 5_000,
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    const answer = await httpCall(operationUrl(mock.baseUrl, 'listProjects'), {
      method: 'GET',
      headers: { authorization: 'mock-api-key' },
    });
    // Served before the slow clients' timeout: it did not wait behind them (a tighter bound only
    // measured how busy the machine was).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS);
    expect(contractProblems('listProjects', answer, { contractValid: true })).toEqual([]);
    const exchanges = await Promise.all(slow);
    expect(exchanges.map((e) => e.status)).toEqual(exchanges.map(() => 408));
  }, 20_000);
});
