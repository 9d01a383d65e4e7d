// Sessions (X-Mock-Session): two teams run the whole company and fund life on one mock at the
// same time, resetting often, and never see each other's records, credits or deliveries; the
// control API acts on the caller's session only; malformed ids, the session limit and idle
// sessions answer as documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationClient } from '../../client/src/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';
import { createHandlers } from '../src/msw/index.ts';
import { startMock, type RunningMock } from '../src/server.ts';
import { checkingFetch } from './support/checking-fetch.ts';
import { pdf } from './support/files.ts';
import { API_KEY, ACCESS_TOKEN } from '../../contract-tests/support/mock-under-test.ts';

const checker = checkingFetch();

function sessionFetch(session: string | undefined): typeof fetch {
  return (input, init) => {
    const request = new Request(input, init);
    if (session) request.headers.set('x-mock-session', session);
    return checker.fetch(request);
  };
}

async function control(
  origin: string,
  session: string | undefined,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await sessionFetch(session)(`${origin}/__mock${path}`, {
    method: body === undefined && path === '/state' ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

describe('two teams on one mock', () => {
  let mock: RunningMock;
  const receivers: Record<string, WebhookReceiver> = {};
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
    for (const team of ['team-a', 'team-b']) receivers[team] = await startWebhookReceiver();
  });
  afterAll(async () => {
    await mock?.close();
    for (const receiver of Object.values(receivers)) await receiver.close();
  });

  /** One team's whole life, `rounds` times, each round from a reset with its own credits. */
  async function teamLife(team: string, credits: number, rounds: number): Promise<void> {
    const receiver = receivers[team]!;
    const client = createIntegrationClient({
      baseUrl: mock.baseUrl,
      apiKey: API_KEY,
      accessToken: ACCESS_TOKEN,
      fetch: sessionFetch(team),
    });
    for (let round = 0; round < rounds; round += 1) {
      const reset = await control(mock.origin, team, '/reset', { credits, processingMs: 40 });
      expect(reset.status).toBe(200);
      receiver.received.length = 0;
      await client.createWebhookConfiguration({ url: receiver.url, analysisCompleted: true });
      const name = `${team} company ${round}`;
      const { data: created } = await client.createProject({
        companyName: name,
        companyWebsite: 'https://team.example',
        projectType: 'projectAnalysisNoFile',
      });
      const { data: folder } = await client.uploadFundFiles([pdf(`${team}-${round}.pdf`)]);
      const { data: run } = await client.startFundRun({ name: `${team} fund`, folderPath: folder.folderPath });
      expect((await client.waitForFundRun(run.fundExtractionId, { intervalMs: 20, timeoutMs: 10_000 })).status).toBe(
        'completed',
      );
      await expect.poll(() => receiver.received.length, { timeout: 10_000, interval: 20 }).toBe(2);

      const state = (await control(mock.origin, team, '/state')).body.data;
      expect(state.session).toBe(team);
      // Only this round's records: the seeded company, this company and the run's three portfolio companies.
      const names: string[] = [];
      for await (const page of client.listProjects({ pageSize: 100 }))
        names.push(...page.data.map((p) => p.companyName));
      expect(names).toContain(name);
      expect(names.filter((n) => n.includes('company'))).toEqual([name]);
      expect(state.credits).toBe(credits - 1 - 10);
      expect(state.fundRuns.map((r: any) => r.fundExtractionId)).toEqual([run.fundExtractionId]);
      expect(state.folders.map((f: any) => f.fileNames)).toEqual([[`${team}-${round}.pdf`]]);
      for (const delivery of receiver.received) expect(delivery.headers['x-mock-session']).toBe(team);
      expect(receiver.received.map((d) => d.body.data.projectId ?? d.body.data.fundExtractionId).sort()).toEqual(
        [created.project.id, run.fundExtractionId].sort(),
      );
    }
  }

  it('each team sees only its own records, credits and deliveries', { timeout: 60_000 }, async () => {
    const before = (await control(mock.origin, undefined, '/state')).body.data;
    await Promise.all([teamLife('team-a', 500, 4), teamLife('team-b', 700, 4)]);
    // The default session was never touched by the teams' resets.
    const after = (await control(mock.origin, undefined, '/state')).body.data;
    expect(after.session).toBe('default');
    expect(after.projects.map((p: any) => p.id)).toEqual(before.projects.map((p: any) => p.id));
    expect(after.credits).toBe(1000);
    expect(checker.violations()).toEqual([]);
  });
});

/** One mock of each kind, bounded alike: the same tests must pass on both. */
// Idle long enough that the calls before the refusal all fall inside it on a loaded machine (300 ms
// did not: a session dropped early let the third one in).
const BOUNDED = { maxSessions: 2, sessionIdleMs: 1_500 };
const MSW_ORIGIN = 'http://msw-sessions.test';
const kinds: [string, () => Promise<{ origin: string; fetch: typeof fetch; close(): Promise<void> }>][] = [
  [
    'the HTTP mock',
    async () => {
      const mock = await startMock({ port: 0, ...BOUNDED });
      return { origin: mock.origin, fetch: globalThis.fetch, close: () => mock.close() };
    },
  ],
  [
    'the MSW handlers',
    async () => {
      const handlers = createHandlers({ origin: MSW_ORIGIN, ...BOUNDED });
      return {
        origin: MSW_ORIGIN,
        fetch: (input, init) => handlers.fetch(new Request(input, init)),
        close: async () => handlers.close(),
      };
    },
  ],
];

describe.each(kinds)('session controls of %s', (_kind, start) => {
  let mock: { origin: string; fetch: typeof fetch; close(): Promise<void> };
  beforeAll(async () => {
    mock = await start();
  });
  afterAll(async () => {
    await mock?.close();
  });
  // Not through the checking fetch: 503 MOCK_TOO_MANY_SESSIONS is the mock's own answer, not the service's.
  const send = (session: string | undefined, path: string, init: RequestInit = {}) =>
    mock.fetch(`${mock.origin}${path}`, {
      ...init,
      headers: { authorization: API_KEY, ...(session ? { 'x-mock-session': session } : {}), ...init.headers },
    });
  const list = (session?: string) => send(session, '/api/integration/projects');
  const post = async (session: string, path: string, body: unknown) =>
    (await send(session, path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json())) as { data: any };

  it('refuses a malformed session id in the envelope, on the service and on the control API', async () => {
    for (const response of [await list('../escape'), await send('a b', '/__mock/state')]) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'MOCK_INVALID_REQUEST', data: null });
    }
  });

  it('answers 503 MOCK_TOO_MANY_SESSIONS past the limit, and drops idle sessions', async () => {
    expect((await list('one')).status).toBe(200);
    expect((await list('two')).status).toBe(200);
    const refused = await list('three');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('x-mock-gap')).toBeTruthy();
    expect(await refused.json()).toMatchObject({
      code: 'MOCK_TOO_MANY_SESSIONS',
      title: 'Too many sessions',
      description: expect.stringContaining('limit of 2 sessions'),
      data: null,
    });
    // The default session never counts and is never dropped.
    expect((await list()).status).toBe(200);
    expect((await post('one', '/__mock/credits', { credits: 3 })).data.credits).toBe(3);
    await expect.poll(async () => (await list('three')).status, { timeout: 10_000, interval: 100 }).toBe(200);
    // The sweep that let 'three' in may have come before 'one' was idle long enough ('two' went
    // first): one more idle time without a request to 'one', and the next sweep drops it too.
    await new Promise((resolve) => setTimeout(resolve, BOUNDED.sessionIdleMs + 100));
    // 'one' was dropped while idle: it starts again from the seed.
    expect((await (await send('one', '/__mock/state')).json()).data.credits).toBe(1000);
  });
});

describe('the MSW handlers on a manual clock', () => {
  it('move processing only by advance and settle, never by real time', async () => {
    const handlers = createHandlers({ clock: 'manual', seed: { processingMs: 20 } });
    const call = (path: string, body: unknown) =>
      handlers
        .fetch(
          new Request(`http://any.test${path}`, {
            method: 'POST',
            headers: { authorization: API_KEY, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        )
        .then(async (r) => ((await r.json()) as { data: any }).data);
    try {
      await call('/api/integration/project', {
        companyName: 'Clockwork Ltd',
        companyWebsite: 'https://clockwork.example',
        projectType: 'projectAnalysisNoFile',
      });
      // Four times the processing time passes for real; nothing moves.
      await new Promise((r) => setTimeout(r, 80));
      expect(await call('/__mock/clock', { advanceMs: 0 })).toEqual({ jobsRun: 0, pendingJobs: 2 });
      // Exactly at the due times, no margin for real time passing.
      expect(await call('/__mock/clock', { advanceMs: 9 })).toEqual({ jobsRun: 0, pendingJobs: 2 });
      expect(handlers.advance(1)).toBe(1);
      expect(await call('/__mock/clock', { advanceMs: 10 })).toEqual({ jobsRun: 1, pendingJobs: 0 });
      // Records are stamped with the manual clock too (no startTime here): exactly the time advanced.
      handlers.advance(3_600_000);
      await call('/api/integration/project', {
        companyName: 'Springs Ltd',
        companyWebsite: 'https://springs.example',
        projectType: 'projectAnalysisNoFile',
      });
      expect(await handlers.settle()).toMatchObject({ jobsRun: 2 });
      const { analyses } = (await (await handlers.fetch(new Request('http://any.test/__mock/state'))).json()).data;
      const [first, second] = analyses.slice(-2).map((a: { createdAt: string }) => Date.parse(a.createdAt));
      expect(second - first).toBe(3_600_020);
    } finally {
      handlers.close();
    }
  });
});
