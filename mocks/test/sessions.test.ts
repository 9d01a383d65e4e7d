// Sessions (X-Mock-Session): two teams run the whole company and fund life on one mock at the
// same time, resetting often, and never see each other's records, credits or deliveries; the
// control API acts on the caller's session only; malformed ids, the session limit and idle
// sessions answer as documented.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntegrationClient } from '../../client/src/index.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';
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

describe('session controls', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ port: 0, maxSessions: 2, sessionIdleMs: 300 });
  });
  afterAll(async () => {
    await mock?.close();
  });
  const list = (session?: string) =>
    fetch(`${mock.baseUrl}/integration/projects`, {
      headers: { authorization: API_KEY, ...(session ? { 'x-mock-session': session } : {}) },
    });

  it('refuses a malformed session id in the envelope, on the service and on the control API', async () => {
    for (const response of [
      await list('../escape'),
      await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': 'a b' } }),
    ]) {
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
      data: null,
    });
    // The default session never counts and is never dropped.
    expect((await list()).status).toBe(200);
    await control(mock.origin, 'one', '/credits', { credits: 3 });
    await expect.poll(async () => (await list('three')).status, { timeout: 5_000, interval: 100 }).toBe(200);
    expect((await control(mock.origin, 'one', '/state')).body.data.credits).toBe(1000);
  });
});
