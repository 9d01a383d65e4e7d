import { describe, expect, it } from 'vitest';
import { backoffMs, DEFAULT_RETRY, retryAfterMs } from '../src/call-policy.ts';
import { createIntegrationClient } from '../src/index.ts';
import { BASE_URL, clientWith, jsonResponse, metadataBody } from './doubles/fake-fetch.ts';

const RUN = { name: 'Fund III', folderPath: 'uploads/f-1' };
const FUND_RUN = {
  fundExtractionId: '4b3f6b8e-2f7e-4d7e-9a51-6c1f8f0b2a10',
  name: 'Fund III',
  status: 'pending',
  refDate: null,
  createdAt: '2025-01-01T00:00:00Z',
};
const busy = (headers: Record<string, string> = {}) =>
  new Response('{"code":"Error0","title":"Engine unavailable","description":"later"}', {
    status: 503,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/** Answers each handler in turn; the last one repeats. */
function inTurn(...answers: (() => Response | Promise<Response>)[]) {
  let n = 0;
  return () => answers[Math.min(n++, answers.length - 1)]!();
}

const fast = { retries: 2, baseDelayMs: 1, maxDelayMs: 50 };

describe('timeouts', () => {
  const never = (request: Request) =>
    new Promise<Response>((_, reject) =>
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true }),
    );

  it('gives each call the client timeout and fails with kind timeout', async () => {
    const { fetch } = { fetch: (r: Request) => never(r) };
    const client = createIntegrationClient({
      baseUrl: BASE_URL,
      apiKey: 'k',
      fetch: fetch as typeof globalThis.fetch,
      timeoutMs: 30,
      retry: false,
    });
    await expect(client.getAnalysisDetail('a-1')).rejects.toMatchObject({
      kind: 'timeout',
      status: null,
      description: expect.stringContaining('no answer within 30 ms'),
    });
  });

  it('a per-call timeout overrides the client one', async () => {
    const client = createIntegrationClient({
      baseUrl: BASE_URL,
      apiKey: 'k',
      fetch: never as typeof globalThis.fetch,
      timeoutMs: 60_000,
      retry: false,
    });
    const started = Date.now();
    await expect(client.getAnalysisDetail('a-1', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a timeout that is not a positive number', () => {
    expect(() => createIntegrationClient({ baseUrl: BASE_URL, timeoutMs: 0 })).toThrow(
      /timeoutMs must be a finite number/,
    );
  });
});

describe('retries', () => {
  it('retries a read on 503 and returns the answer that worked', async () => {
    const { client, requests } = clientWith(
      inTurn(
        () => busy(),
        () => busy(),
        () => jsonResponse(200, metadataBody(FUND_RUN)),
      ),
    );
    const result = await client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: fast });
    expect(result.data).toEqual(FUND_RUN);
    expect(requests).toHaveLength(3);
  });

  it('gives up after the retries with the last answer as the error', async () => {
    const { client, requests } = clientWith(() => busy());
    await expect(client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: fast })).rejects.toMatchObject({
      kind: 'engine-unavailable',
      status: 503,
    });
    expect(requests).toHaveLength(3);
  });

  it('retries a read after a network failure', async () => {
    const { client, requests } = clientWith(
      inTurn(
        () => {
          throw new TypeError('fetch failed');
        },
        () => jsonResponse(200, metadataBody(FUND_RUN)),
      ),
    );
    await expect(client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: fast })).resolves.toMatchObject({
      data: FUND_RUN,
    });
    expect(requests).toHaveLength(2);
  });

  it('never retries the fund run by default, even on 503', async () => {
    const { client, requests } = clientWith(() => busy());
    await expect(client.startFundRun(RUN)).rejects.toMatchObject({ status: 503 });
    expect(requests).toHaveLength(1);
  });

  it('retries the fund run when the call opts in, sending the same body again', async () => {
    const { client, requests } = clientWith(
      inTurn(
        () => busy(),
        () => jsonResponse(200, metadataBody(FUND_RUN)),
      ),
    );
    await client.startFundRun(RUN, { retry: fast });
    expect(requests).toHaveLength(2);
    for (const r of requests) expect(await r.json()).toEqual(RUN);
  });

  it('never retries an upload by default; opted in, the whole multipart body is sent again', async () => {
    const stored = jsonResponse(200, metadataBody({ folderPath: 'uploads/f-1', fileNames: ['a.pdf'] }));
    const once = clientWith(() => busy());
    await expect(
      once.client.uploadFundFiles([{ name: 'a.pdf', data: new TextEncoder().encode('%PDF-1.4') }]),
    ).rejects.toMatchObject({ status: 503 });
    expect(once.requests).toHaveLength(1);
    const twice = clientWith(
      inTurn(
        () => busy(),
        () => stored.clone(),
      ),
    );
    await twice.client.uploadFundFiles([{ name: 'a.pdf', data: new TextEncoder().encode('%PDF-1.4') }], {
      retry: fast,
    });
    expect(twice.requests).toHaveLength(2);
    for (const r of twice.requests) expect(await ((await r.formData()).get('files') as File).text()).toBe('%PDF-1.4');
  });

  it('does not retry a read the call opts out of, nor a 4xx answer', async () => {
    const off = clientWith(() => busy());
    await expect(off.client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: false })).rejects.toMatchObject({
      status: 503,
    });
    expect(off.requests).toHaveLength(1);
    const notFound = clientWith(() =>
      jsonResponse(404, { code: 'Error100', title: 'Not found', description: 'no such run' }),
    );
    await expect(notFound.client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: fast })).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect(notFound.requests).toHaveLength(1);
  });

  it('waits what Retry-After asks, and returns the answer when it asks more than maxDelayMs', async () => {
    const honoured = clientWith(
      inTurn(
        () => busy({ 'Retry-After': '1' }),
        () => jsonResponse(200, metadataBody(FUND_RUN)),
      ),
    );
    const started = Date.now();
    await honoured.client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: { ...fast, maxDelayMs: 5_000 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(honoured.requests).toHaveLength(2);

    const tooLong = clientWith(() => busy({ 'Retry-After': '120' }));
    await expect(tooLong.client.getFundRunSummary(FUND_RUN.fundExtractionId, { retry: fast })).rejects.toMatchObject({
      status: 503,
    });
    expect(tooLong.requests).toHaveLength(1);
  });

  it('stops backing off when the caller aborts', async () => {
    const controller = new AbortController();
    const { client } = clientWith(() => {
      setTimeout(() => controller.abort(), 10);
      return busy();
    });
    await expect(
      client.getFundRunSummary(FUND_RUN.fundExtractionId, {
        signal: controller.signal,
        retry: { retries: 5, baseDelayMs: 10_000, maxDelayMs: 10_000 },
      }),
    ).rejects.toBeDefined();
    expect(controller.signal.aborted).toBe(true);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it('backs off exponentially with full jitter, capped', () => {
    expect(backoffMs(0, DEFAULT_RETRY, () => 0.999)).toBe(499);
    expect(backoffMs(3, DEFAULT_RETRY, () => 0.5)).toBe(2_000);
    expect(backoffMs(20, DEFAULT_RETRY, () => 1)).toBe(DEFAULT_RETRY.maxDelayMs);
    expect(backoffMs(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });
});

describe('baseUrl', () => {
  it.each(['http://service.test/api', 'https://service.test/api/', 'https://service.test/v2/api'])(
    'accepts %s',
    (baseUrl) => {
      expect(() => createIntegrationClient({ baseUrl })).not.toThrow();
    },
  );

  it.each([
    'http://service.test',
    'https://service.test/',
    'https://service.test/apis',
    'ftp://service.test/api',
    'service.test/api',
  ])('refuses %s, with the rule it checks', (baseUrl) => {
    expect(() => createIntegrationClient({ baseUrl })).toThrow(
      /baseUrl must be an http\(s\) URL whose path ends in the service's \/api prefix/,
    );
  });
});
