// The response cache seen from outside: a repeated read is really answered from it, with the same
// bytes and headers; and it never shows a stale answer. A mock with the cache and one without get
// the same random sequences of changes and must answer every read alike, twice; the changes that
// happen without a request (processing jobs, webhook outcomes) must show as well.
//
// The sequences: first four that together make every step in every session (45 pairs), then
// RESPONSE_CACHE_RUNS random ones (default 8; `npm run soak:response-cache` makes 40) drawn with a
// seed of its own each run (RESPONSE_CACHE_SEED replays one; a failure prints it).
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMockApp } from '../src/app.ts';
import { MockRuntime } from '../src/runtime.ts';
import { startMock, type MockSeed, type RunningMock } from '../src/server.ts';
import { DEFAULT_SESSION } from '../src/sessions/session-header.ts';
import { fundForm, pdf } from './support/files.ts';
import { ACCESS_TOKEN, API_KEY, SECOND_API_KEY, TEST_SEED } from '../../contract-tests/support/mock-under-test.ts';
import { httpCall } from '../../contract-tests/support/http-call.ts';
import { replayCommand, runSeed } from '../../contract-tests/support/run-seed.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** node:http, not fetch: the property test below sends thousands of requests (fetch doubled this file's CPU). */
async function send(origin: string, path: string, init: RequestInit = {}): Promise<Answer> {
  const answer = await httpCall(`${origin}${path}`, {
    method: init.method ?? 'GET',
    headers: Object.fromEntries(new Headers(init.headers)),
    body: init.body as string | FormData | undefined,
  });
  const headers = Object.fromEntries(answer.headers);
  delete headers.date;
  return { status: answer.status, headers, body: answer.bodyText };
}

const asUser = (apiKey = API_KEY) => ({ headers: { authorization: apiKey, 'content-type': 'application/json' } });
const asSession = { headers: { authorization: `Bearer ${ACCESS_TOKEN}` } };
const LIST = '/api/integration/projects?page=0&pageSize=10';
const RUNS = Number(process.env.RESPONSE_CACHE_RUNS ?? 8);
const SEED = runSeed('RESPONSE_CACHE_SEED');

async function inProcessMock(
  responseCache: boolean,
): Promise<{ runtime: MockRuntime; app: FastifyInstance; origin: string }> {
  const runtime = await MockRuntime.create({ seed: TEST_SEED });
  const app = await buildMockApp({ runtime, responseCache });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { runtime, app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('a repeated read', () => {
  it.each([true, false])(
    'with the cache %s: is answered from the cache until the state is touched',
    async (responseCache) => {
      const { runtime, app, origin } = await inProcessMock(responseCache);
      try {
        const first = await send(origin, LIST, asUser());
        expect(first.status).toBe(200);
        const project = runtime.state.projects.values().next().value!;
        // A change the state is not told about: only the cache can hide it.
        project.companyStage = 'Renamed behind the state';
        const second = await send(origin, LIST, asUser());
        if (responseCache) expect(second).toEqual(first);
        else expect(second.body).toContain('Renamed behind the state');
        runtime.state.touch();
        expect((await send(origin, LIST, asUser())).body).toContain('Renamed behind the state');
      } finally {
        await app.close();
        await runtime.close();
      }
    },
  );

  it("keeps a session's answers when another session changes", async () => {
    const { runtime, app, origin } = await inProcessMock(true);
    const inSession = (session: string, init: RequestInit = asUser()) => ({
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-mock-session': session },
    });
    try {
      // The first read creates the session (a change of it); the second is kept.
      await send(origin, LIST, inSession('team-b'));
      const first = await send(origin, LIST, inSession('team-b'));
      expect(first.status).toBe(200);
      const project = runtime.sessions.get('team-b')!.state.projects.values().next().value!;
      // A change team B's state is not told about: only its kept answer hides it.
      project.companyStage = 'Renamed behind the state';
      const created = await send(origin, '/api/integration/project', {
        method: 'POST',
        ...inSession('team-a'),
        body: JSON.stringify({ companyName: 'Team A Co', projectType: 'projectNoAnalysis' }),
      });
      expect(created.status).toBe(200);
      expect((await send(origin, LIST, inSession('team-a'))).body).toContain('Team A Co');
      expect(await send(origin, LIST, inSession('team-b'))).toEqual(first);
      // Team B's own change is seen at once.
      runtime.sessions.get('team-b')!.state.touch();
      expect((await send(origin, LIST, inSession('team-b'))).body).toContain('Renamed behind the state');
    } finally {
      await app.close();
      await runtime.close();
    }
  });

  it('keeps a read only once the changes it made are stored, and never one whose write failed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cache-durable-'));
    const runtime = await MockRuntime.create({ seed: TEST_SEED, stateFile: join(dir, 'mock.state') });
    const app = await buildMockApp({ runtime, responseCache: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const inSession = { headers: { ...asUser().headers, 'x-mock-session': 'unstored' } };
    try {
      await send(origin, LIST, inSession);
      // The store refuses from now on (a full disk, a database gone): the session's next write fails.
      runtime.durable = async () => {
        throw new Error('the store refused the write');
      };
      runtime.sessions.get('unstored')!.state.credits = 3;
      runtime.sessions.get('unstored')!.state.touch();
      const refused = await send(origin, LIST, inSession);
      expect(refused.status).toBe(503);
      // Asked again: not a 200 kept from the refused answer.
      expect((await send(origin, LIST, inSession)).status).toBe(503);
    } finally {
      await app.close();
      await runtime.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is kept per caller and per URL, and not when it failed', async () => {
    const { runtime, app, origin } = await inProcessMock(true);
    try {
      const own = await send(origin, LIST, asUser());
      const other = await send(origin, LIST, asUser(SECOND_API_KEY));
      expect(JSON.parse(other.body).pagination.totalCount).not.toBe(JSON.parse(own.body).pagination.totalCount);
      expect(await send(origin, LIST, asUser(SECOND_API_KEY))).toEqual(other);
      const refused = await send(origin, LIST, asUser('not a key'));
      expect(refused.status).toBe(401);
      const project = runtime.state.projects.values().next().value!;
      project.companyStage = 'Renamed behind the state';
      expect((await send(origin, `${LIST}&search=`, asUser())).body).toContain('Renamed behind the state');
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});

describe('HEAD and the cache', () => {
  it('a HEAD is neither kept (no empty body served to a GET) nor counted as a change, nor answered from a kept GET', async () => {
    const { runtime, app, origin } = await inProcessMock(true);
    try {
      const head = await send(origin, LIST, { method: 'HEAD', ...asUser() });
      expect([head.status, head.body]).toEqual([200, '']);
      const first = await send(origin, LIST, asUser());
      expect(first.body).not.toBe('');
      const entity = ({ headers }: Answer) => [headers['content-type'], headers['content-length']];
      expect(entity(head)).toEqual(entity(first));
      const revision = runtime.revisionOf(DEFAULT_SESSION);
      const again = await send(origin, LIST, { method: 'HEAD', ...asUser() });
      expect([again.status, again.body, entity(again)]).toEqual([200, '', entity(first)]);
      expect(runtime.revisionOf(DEFAULT_SESSION)).toBe(revision);
      // Changed behind the state: a GET still gets the kept bytes, so the HEAD did not drop them.
      const project = runtime.state.projects.values().next().value!;
      project.companyStage = 'Renamed behind the state';
      expect(await send(origin, LIST, asUser())).toEqual(first);
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});

describe('answers with and without the cache', () => {
  let cached: RunningMock;
  let plain: RunningMock;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cached = await startMock({ port: 0, seed: TEST_SEED });
    plain = await startMock({ port: 0, seed: TEST_SEED, responseCache: false });
  });
  afterAll(async () => {
    await cached?.close();
    await plain?.close();
    await receiver?.close();
  });

  /** Ids the sequence has created so far, read from the answers. */
  interface Created {
    projectId?: string;
    analysisId?: string;
    folderPath?: string;
    fundExtractionId?: string;
  }

  type Step = (created: Created) => [path: string, init: () => RequestInit] | undefined;
  const json =
    (method: string, body: unknown, auth: RequestInit = asUser()) =>
    () => ({ method, ...auth, body: JSON.stringify(body) });
  const control = (path: string, body?: unknown): ReturnType<Step> => [
    path,
    () => ({
      method: 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    }),
  ];

  const STEPS: Record<string, Step> = {
    createWithoutAnalysis: () => [
      '/api/integration/project',
      json('POST', { companyName: 'Plain Co', projectType: 'projectNoAnalysis' }),
    ],
    createWithDocLink: () => [
      '/api/integration/project',
      json('POST', {
        companyName: 'Deck Co',
        projectType: 'projectAnalysisWithFile',
        docLink: 'https://files.example/deck.pdf',
      }),
    ],
    createAwaitingUpload: () => [
      '/api/integration/project',
      json('POST', { companyName: 'Manual Co', projectType: 'projectAnalysisWithFile' }),
    ],
    message: ({ projectId }) =>
      projectId
        ? ['/api/integration/processmessage', json('POST', { projectId, content: 'Closed the round.' })]
        : undefined,
    uploadAnalysisFiles: ({ analysisId }) => {
      if (!analysisId) return undefined;
      return [
        '/api/integrationfiles/upload',
        () => ({
          method: 'POST',
          headers: { authorization: API_KEY, analysisid: analysisId },
          body: fundForm([pdf('deck.pdf')]),
        }),
      ];
    },
    uploadFundFiles: () => [
      '/api/integrationfund/fund/upload',
      () => ({ method: 'POST', headers: { authorization: API_KEY }, body: fundForm([pdf('q4.pdf')]) }),
    ],
    startFundRun: ({ folderPath }) =>
      folderPath
        ? ['/api/integrationfund/fund/run', json('POST', { name: 'Northwind III', folderPath, refDate: '2025-12-31' })]
        : undefined,
    webhook: () => [
      '/api/integration/webhook',
      json(
        'PUT',
        { url: receiver.url, analysisCompleted: true, analysisChangedStatus: true },
        { headers: { ...asSession.headers, 'content-type': 'application/json' } },
      ),
    ],
    settle: () => control('/__mock/settle'),
    changeStatus: ({ projectId }) =>
      projectId ? control(`/__mock/projects/${projectId}/status`, { code: 'won', name: 'Won' }) : undefined,
    engineOff: () => control('/__mock/engine', { available: false }),
    engineOn: () => control('/__mock/engine', { available: true }),
    companyListFails: () => control('/__mock/faults', { companyList: true }),
    companyListWorks: () => control('/__mock/faults', { companyList: false }),
    reset: () => control('/__mock/reset', TEST_SEED),
  };

  /** Every read of the service, for what the sequence has created (the delivery history is timing, not state). */
  function reads({ projectId, analysisId, fundExtractionId }: Created): [string, RequestInit][] {
    return [
      [LIST, asUser()],
      ['/api/integration/projects?page=1&pageSize=3&search=co', asUser()],
      ['/api/integration/projects?orderby=companyName&pageSize=5', asUser()],
      [LIST, asUser(SECOND_API_KEY)],
      ['/api/integration/project/search?keywords=co', asUser()],
      ['/api/integration/webhook', asSession],
      ...(projectId
        ? ([
            [`/api/integration/projects?id=${projectId}`, asUser()],
            [`/api/integration/project/fullreport?projectId=${projectId}`, asUser()],
          ] as [string, RequestInit][])
        : []),
      ...(analysisId
        ? ([[`/api/integration/analysis/detail?analysisId=${analysisId}`, asUser()]] as [string, RequestInit][])
        : []),
      ...(fundExtractionId
        ? ([[`/api/integrationfund/fund?fundExtractionId=${fundExtractionId}`, asUser()]] as [string, RequestInit][])
        : []),
    ];
  }

  function remember(created: Created, answer: Answer): void {
    const data = answer.status === 200 ? JSON.parse(answer.body).data : undefined;
    if (data?.project?.id) created.projectId = data.project.id;
    if (data?.analysisId) created.analysisId = data.analysisId;
    if (data?.folderPath) created.folderPath = data.folderPath;
    if (data?.fundExtractionId) created.fundExtractionId = data.fundExtractionId;
  }

  /** The default session and two named ones: every step acts on one of them, every read is made in each. */
  const SESSIONS = [undefined, 'team-a', 'team-b'] as const;
  const inSession = (init: RequestInit, session: string | undefined): RequestInit => {
    if (!session) return init;
    const headers = new Headers(init.headers);
    headers.set('x-mock-session', session);
    return { ...init, headers };
  };

  /**
   * Every step in every session (by index in SESSIONS), each after the steps that make what it needs
   * in its session (a project, an analysis, a folder): a random sequence reached all 45 pairs only
   * at 40 runs of the old fixed seed (2026-11-test-time.md).
   */
  const EVERY_STEP_IN_EVERY_SESSION: [string, number][][] = [
    [
      ['createAwaitingUpload', 0],
      ['uploadAnalysisFiles', 0],
      ['message', 0],
      ['createWithDocLink', 1],
      ['changeStatus', 1],
      ['uploadFundFiles', 2],
      ['startFundRun', 2],
      ['webhook', 0],
      ['settle', 1],
      ['engineOff', 2],
      ['engineOn', 2],
      ['reset', 0],
    ],
    [
      ['createWithoutAnalysis', 2],
      ['message', 2],
      ['changeStatus', 2],
      ['createAwaitingUpload', 1],
      ['uploadAnalysisFiles', 1],
      ['uploadFundFiles', 0],
      ['startFundRun', 0],
      ['webhook', 1],
      ['settle', 2],
      ['companyListFails', 0],
      ['companyListWorks', 0],
      ['reset', 1],
    ],
    [
      ['createWithDocLink', 2],
      ['uploadAnalysisFiles', 2],
      ['createWithoutAnalysis', 0],
      ['changeStatus', 0],
      ['createWithoutAnalysis', 1],
      ['message', 1],
      ['uploadFundFiles', 1],
      ['startFundRun', 1],
      ['webhook', 2],
      ['companyListFails', 1],
      ['companyListWorks', 1],
      ['reset', 2],
    ],
    [
      ['createWithDocLink', 0],
      ['createAwaitingUpload', 2],
      ['settle', 0],
      ['engineOff', 0],
      ['engineOn', 0],
      ['engineOff', 1],
      ['engineOn', 1],
      ['companyListFails', 2],
      ['companyListWorks', 2],
    ],
  ];

  it('are the same, read twice after every step of sequences of changes in three sessions', {
    timeout: 180_000,
  }, async () => {
    let readsCompared = 0;
    /** The steps made (not skipped for want of what they need), as `name@session index`. */
    const made = new Set<string>();
    const step = fc.tuple(fc.constantFrom(...Object.keys(STEPS)), fc.constantFrom(0, 1, 2));
    await fc
      .assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          const [resetPath, resetInit] = STEPS.reset!({})!;
          for (const session of SESSIONS)
            for (const mock of [cached, plain]) await send(mock.origin, resetPath, inSession(resetInit(), session));
          const created: Created[] = SESSIONS.map(() => ({}));
          const names = steps.map(([name, at]) => `${name}@${SESSIONS[at] ?? 'default'}`);
          for (const [name, at] of steps) {
            const session = SESSIONS[at];
            const own = created[at]!;
            const next = STEPS[name]!(own);
            if (!next) continue;
            made.add(`${name}@${at}`);
            const [path, init] = next;
            const withCache = await send(cached.origin, path, inSession(init(), session));
            const without = await send(plain.origin, path, inSession(init(), session));
            // Control answers name each mock's own upload directory; only service answers must be equal.
            if (path.startsWith('/__mock/')) expect(withCache.status, `${name} ${path}`).toBe(without.status);
            else expect(withCache, `${name} ${path}`).toEqual(without);
            if (name === 'reset') for (const key of Object.keys(own)) delete own[key as keyof Created];
            remember(own, without);
            for (const [i, readSession] of SESSIONS.entries()) {
              for (const [readPath, readInit] of reads(created[i]!)) {
                const init = inSession(readInit, readSession);
                const expected = await send(plain.origin, readPath, init);
                expect(
                  await send(cached.origin, readPath, init),
                  `after ${names.join(', ')}: ${readPath} in ${readSession}`,
                ).toEqual(expected);
                expect(
                  await send(cached.origin, readPath, init),
                  `again after ${names.join(', ')}: ${readPath} in ${readSession}`,
                ).toEqual(expected);
                readsCompared += 1;
              }
            }
          }
        }),
        {
          examples: EVERY_STEP_IN_EVERY_SESSION.map((steps) => [steps]),
          numRuns: EVERY_STEP_IN_EVERY_SESSION.length + RUNS,
          seed: SEED,
        },
      )
      .catch((error: Error) => {
        const replay = replayCommand(
          { RESPONSE_CACHE_SEED: SEED, RESPONSE_CACHE_RUNS: RUNS },
          'mocks/test/response-cache.test.ts',
          'answers with and without the cache',
        );
        throw new Error(`${error.message}\n  replay: ${replay}`, { cause: error });
      });
    expect(made.size, [...made].sort().join(', ')).toBe(Object.keys(STEPS).length * SESSIONS.length);
    expect(readsCompared).toBeGreaterThan(1_000);
  });
});

describe('changes without a request', () => {
  // Long enough for two reads before the job runs on a loaded machine, short enough to wait for.
  const FAST: MockSeed = { processingMs: 1_000 };

  it('a processing job that finishes shows in the next read', async () => {
    const mock = await startMock({ port: 0, seed: FAST });
    try {
      const created = await send(mock.origin, '/api/integration/project', {
        method: 'POST',
        ...asUser(),
        body: JSON.stringify({
          companyName: 'Deck Co',
          projectType: 'projectAnalysisWithFile',
          docLink: 'https://files.example/deck.pdf',
        }),
      });
      const projectId = JSON.parse(created.body).data.project.id;
      const lookup = `/api/integration/projects?id=${projectId}`;
      const processing = async () => JSON.parse((await send(mock.origin, lookup, asUser())).body).data.processing;
      expect(await processing()).not.toBe('completed');
      expect(await processing()).not.toBe('completed');
      await expect.poll(processing, { timeout: 5_000, interval: 20 }).toBe('completed');
    } finally {
      await mock.close();
    }
  });

  it('a webhook delivery that ends shows in the next read of the history', async () => {
    const receiver = await startWebhookReceiver();
    receiver.respondWith(200, 300);
    const mock = await startMock({ port: 0, seed: FAST });
    try {
      const session = { ...asSession.headers, 'content-type': 'application/json' };
      await send(mock.origin, '/api/integration/webhook', {
        method: 'POST',
        headers: session,
        body: JSON.stringify({ url: receiver.url, analysisChangedStatus: true }),
      });
      const state = JSON.parse((await send(mock.origin, '/__mock/state')).body).data;
      const changed = await send(mock.origin, `/__mock/projects/${state.projects[0].id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: 'won', name: 'Won' }),
      });
      expect(changed.status).toBe(200);
      const deliveries = async () =>
        JSON.parse((await send(mock.origin, '/api/integration/webhook/history', asSession)).body).data.length;
      expect(await deliveries()).toBe(0);
      expect(await deliveries()).toBe(0);
      await expect.poll(deliveries, { timeout: 5_000, interval: 20 }).toBe(1);
    } finally {
      await mock.close();
      await receiver.close();
    }
  });
});
