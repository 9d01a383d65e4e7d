// One mock per test file on a free port, reset before every test (deterministic ids and times),
// with a client and raw fetch that both go through the checking fetch: a test fails when any
// response the mock sent breaks the contract. With MOCK_UNDER_TEST=msw (vitest.msw.config.ts) the
// same tests run against the MSW handlers instead, msw/node intercepting fetch in this process.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createIntegrationClient, type IntegrationClient } from '../../client/src/index.ts';
import { createHandlers } from '../../mocks/src/msw/index.ts';
import { startMock, type MockSeed, type RunningMock } from '../../mocks/src/server.ts';
import { checkingFetch, type CheckingFetch } from '../../mocks/test/support/checking-fetch.ts';

export const API_KEY = 'mock-api-key';
export const ACCESS_TOKEN = 'mock-access-token';
export const SECOND_API_KEY = 'mock-api-key-2';
export const SECOND_ACCESS_TOKEN = 'mock-access-token-2';

/** Processing never moves by itself within a test unless the test asks for it (settle). */
export const TEST_SEED: MockSeed = { processingMs: 600_000, startTime: '2026-01-01T00:00:00.000Z' };

export interface RawResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface MockUnderTest {
  readonly baseUrl: string;
  readonly origin: string;
  readonly checker: CheckingFetch;
  client(credentials?: { apiKey?: string; accessToken?: string }): IntegrationClient;
  /** A request to `origin + path` through the checking fetch; the body is parsed JSON. */
  raw(path: string, init?: RequestInit): Promise<RawResponse>;
  control: {
    reset(seed?: MockSeed): Promise<any>;
    state(): Promise<any>;
    settle(): Promise<any>;
    /** POST /__mock/clock: moves the processing clock ahead, running what falls due. */
    advance(ms: number): Promise<{ jobsRun: number; pendingJobs: number }>;
    setEngine(available: boolean): Promise<void>;
    /** POST /__mock/credits; answers the credits now. */
    setCredits(credits: number): Promise<{ credits: number }>;
    /** POST /__mock/faults; answers every fault switch after the change. */
    setFaults(faults: { companyList?: boolean }): Promise<{ companyList: boolean }>;
    changeStatus(projectId: string, change: Record<string, unknown>): Promise<RawResponse>;
  };
}

/** Where the MSW handlers answer (never on a network: msw/node intercepts every fetch to it). */
export const MSW_ORIGIN = 'http://msw-mock.test';

/** The MSW handlers as a running mock; requests to other origins (webhook receivers) go to the network. */
function mswMock(seed: MockSeed): RunningMock {
  const handlers = createHandlers({ origin: MSW_ORIGIN, seed });
  const server = setupServer(...handlers.handlers);
  server.listen({ onUnhandledFrame: 'bypass' });
  return {
    origin: MSW_ORIGIN,
    baseUrl: `${MSW_ORIGIN}/api`,
    async close() {
      server.close();
      handlers.close();
    },
  };
}

export function useMock(seed: MockSeed = TEST_SEED): MockUnderTest {
  let mock: RunningMock | undefined;
  const checker = checkingFetch();
  const running = () => {
    if (!mock) throw new Error('the mock is not started yet (use it inside a test)');
    return mock;
  };

  const raw = async (path: string, init?: RequestInit): Promise<RawResponse> => {
    const response = await checker.fetch(`${running().origin}${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  const post = async (path: string, body?: unknown) => {
    const response = await raw(path, {
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };

  const under: MockUnderTest = {
    get baseUrl() {
      return running().baseUrl;
    },
    get origin() {
      return running().origin;
    },
    checker,
    client: ({ apiKey = API_KEY, accessToken = ACCESS_TOKEN } = {}) =>
      createIntegrationClient({ baseUrl: running().baseUrl, apiKey, accessToken, fetch: checker.fetch }),
    raw,
    control: {
      reset: (next = seed) => post('/__mock/reset', next),
      state: async () => (await raw('/__mock/state')).body.data,
      settle: () => post('/__mock/settle'),
      advance: (ms) => post('/__mock/clock', { advanceMs: ms }),
      setEngine: async (available) => {
        await post('/__mock/engine', { available });
      },
      setFaults: (faults) => post('/__mock/faults', faults),
      setCredits: (credits) => post('/__mock/credits', { credits }),
      changeStatus: (projectId, change) =>
        raw(`/__mock/projects/${projectId}/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(change),
        }),
    },
  };

  beforeAll(async () => {
    mock = process.env.MOCK_UNDER_TEST === 'msw' ? mswMock(seed) : await startMock({ port: 0, seed });
  });
  beforeEach(async () => {
    await under.control.reset(seed);
    checker.checks.length = 0;
  });
  afterEach(() => {
    expect(checker.checks.length, 'responses checked').toBeGreaterThan(0);
    expect(checker.violations(), 'responses that break the contract').toEqual([]);
  });
  afterAll(async () => {
    await mock?.close();
  });
  return under;
}
