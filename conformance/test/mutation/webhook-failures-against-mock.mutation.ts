// A test of `npm run test:mutation`: the mutated mock's webhook deliveries to receivers that fail,
// as a consumer team's tests meet them (mocks/README.md: a receiver of its own, the control API's
// status change, trigger and settle, GET /api/integration/webhook/history). Five users each save a
// configuration (analysisCompleted and analysisChangedStatus on and off) naming one receiver on
// 127.0.0.1: one answering 200, one 500, one redirecting, one never answering (the seed's
// `webhookTimeoutMs` is short) and a port nobody listens on. Events are triggered before any
// company exists (nothing to send). Their companies' analyses complete
// (the API), their projects' statuses change and events are triggered (the control API), a fund run
// ends, a configuration is turned around. Every answer, each user's configuration and delivery
// history, and every request each receiver got (method, path, headers, body) must be the unmutated
// model's given the same seed and calls (`startTime`: ids and times deterministic). Both deliver to
// the same receivers, one after the other: what arrived during the mock's calls is compared with
// what arrived during the model's.
import { describe, expect, it } from 'vitest';
import type { MockSeed } from '../../../mocks/src/server.ts';
import { startMock } from '../../../mocks/src/server.ts';
import {
  type Arrival,
  type FailingReceivers,
  type ReceiverName,
  startFailingReceivers,
} from '../support/failing-receivers.ts';
import { closeAfterEach } from '../support/close-after-each.ts';
import { type Reachable, call } from '../support/restart-chain.ts';
import { unmutatedInProcessMock } from '../support/unmutated-model.ts';

/** A receiver that never answers is cut after this (the specification's 30 s, shortened by the seed). */
const TIMEOUT_MS = 300;
/** A side that has not settled by then hangs (a delivery never cut): the test fails at once, not at Stryker's timeout. */
const SIDE_LIMIT_MS = 5_000;

interface LegUser {
  id: string;
  receiver: ReceiverName;
  analysisCompleted: boolean;
  analysisChangedStatus: boolean;
}

/** One user per receiver, the flags chosen so that each event is subscribed by some and not by others. */
const USERS: LegUser[] = [
  { id: 'ok', receiver: 'ok', analysisCompleted: true, analysisChangedStatus: false },
  { id: 'error', receiver: 'error', analysisCompleted: false, analysisChangedStatus: true },
  { id: 'redirect', receiver: 'redirect', analysisCompleted: true, analysisChangedStatus: true },
  { id: 'silent', receiver: 'silent', analysisCompleted: true, analysisChangedStatus: false },
  { id: 'refused', receiver: 'refused', analysisCompleted: true, analysisChangedStatus: false },
];
const apiKey = (user: LegUser) => `webhook-failures-key-${user.id}`;
const bearer = (user: LegUser) => `Bearer webhook-failures-token-${user.id}`;

const SEED: MockSeed = {
  startTime: '2026-04-01T00:00:00.000Z',
  // Nothing moves by the machine's clock: settle moves processing on both sides alike.
  processingMs: 600_000,
  webhookTimeoutMs: TIMEOUT_MS,
  users: USERS.map((user) => ({
    id: `user-${user.id}`,
    name: `Webhook ${user.id}`,
    email: `${user.id}@webhook-failures.example`,
    apiKey: apiKey(user),
    accessToken: bearer(user).slice('Bearer '.length),
    drive: null,
  })),
};

const closeAfterTest = closeAfterEach();

type Answer = Awaited<ReturnType<typeof call>>;
/** What a client of one side does in one step: its calls' answers. */
type Act = (target: Reachable) => Promise<Answer[]>;

/**
 * A settle's answer without its count of deliveries: a status change's delivery leaves at once, so
 * how many of them end during the settle after it, not before, is the receiver's speed.
 */
function withoutDeliveryCount(answer: Answer): Answer {
  const { deliveries: _timing, ...data } = answer.body.data;
  return { ...answer, body: { ...answer.body, data } };
}

async function within<T>(what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${SIDE_LIMIT_MS} ms`)), SIDE_LIMIT_MS);
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

describe("the mutated mock's webhook deliveries to receivers that fail", () => {
  it('records each failure, sends the headers and subscribes the events as the unmutated model does', async () => {
    const receivers: FailingReceivers = await startFailingReceivers();
    closeAfterTest(() => receivers.close());
    const mock = await startMock({ port: 0, seed: SEED, responseCache: false });
    closeAfterTest(() => mock.close());
    const model = await unmutatedInProcessMock(SEED);
    closeAfterTest(() => model.close());

    /** The same calls on the mock, then on the model; their answers and what the receivers got meanwhile must agree. */
    const both = async (what: string, act: Act): Promise<Answer[]> => {
      const side = async (name: string, target: Reachable): Promise<[Answer[], Arrival[]]> => {
        const from = receivers.arrivals.length;
        const answers = await within(`${name}: ${what}`, act(target));
        return [answers, receivers.arrivals.slice(from)];
      };
      const [answers, arrived] = await side('the mutated mock', mock);
      const [expected, expectedArrivals] = await side('the unmutated model', model);
      expect(answers, what).toEqual(expected);
      expect(arrived, `${what}: what the receivers got`).toEqual(expectedArrivals);
      return expected;
    };
    /** A user's calls, then a settle that runs the processing and waits for the deliveries. */
    const settled =
      (user: LegUser, method: string, path: string, options: { json?: unknown; form?: () => FormData } = {}): Act =>
      async (target) => {
        const key = path.includes('/webhook') ? bearer(user) : apiKey(user);
        const answer = await call(target, method, path, { json: options.json, form: options.form?.(), key });
        return [answer, await call(target, 'POST', '/__mock/settle')];
      };
    const configure = (user: LegUser, method: 'POST' | 'PUT') =>
      both(`${user.id} saves its configuration`, async (target) => [
        await call(target, method, '/integration/webhook', {
          key: bearer(user),
          json: {
            url: receivers.urls[user.receiver],
            analysisCompleted: user.analysisCompleted,
            analysisChangedStatus: user.analysisChangedStatus,
          },
        }),
      ]);
    const changeStatus = (user: LegUser, projectId: string, code: string) =>
      both(`${user.id}'s project moves to ${code} (control API)`, async (target) => [
        await call(target, 'POST', `/__mock/projects/${projectId}/status`, { json: { code, phase: 'dueDiligence' } }),
        withoutDeliveryCount(await call(target, 'POST', '/__mock/settle')),
      ]);

    for (const user of USERS) await configure(user, 'POST');

    // A trigger naming no company before any exists: nothing to send (409), whichever event.
    await both('events triggered before any company', async (target) => [
      await call(target, 'POST', '/__mock/webhooks/trigger', { json: { event: 'changedStatus' } }),
      await call(target, 'POST', '/__mock/webhooks/trigger', { json: { event: 'analysisCompleted' } }),
    ]);

    // A company analysis completes for each user: analysisCompleted goes to those subscribed.
    const projects = new Map<string, string>();
    for (const user of USERS) {
      const [created] = await both(
        `${user.id}'s company analysis completes`,
        settled(user, 'POST', '/integration/project', {
          json: {
            companyName: `Failing ${user.id} Systems`,
            companyWebsite: `https://${user.id}.webhook-failures.example`,
            projectType: 'projectAnalysisNoFile',
          },
        }),
      );
      expect(created!.status, `${user.id}'s company`).toBe(200);
      projects.set(user.id, created!.body.data.project.id);
    }

    // Each project's status changes: changedStatus goes to those subscribed.
    for (const user of USERS) await changeStatus(user, projects.get(user.id)!, 'inReview');

    // A fund run of the user subscribed to analysisCompleted only ends: fundAnalysisCompleted goes to any configuration.
    const [okUser, errorUser, , , refusedUser] = USERS as [LegUser, LegUser, LegUser, LegUser, LegUser];
    const pdf = () => {
      const form = new FormData();
      form.append('files', new Blob(['%PDF-1.4\n%webhook failures\n'], { type: 'application/pdf' }), 'fund.pdf');
      return form;
    };
    const [upload] = await both(
      'a fund upload',
      settled(okUser, 'POST', '/integrationfund/fund/upload', { form: pdf }),
    );
    await both(
      'a fund run ends',
      settled(okUser, 'POST', '/integrationfund/fund/run', {
        json: { name: 'Webhook Failures Fund', folderPath: upload!.body.data.folderPath },
      }),
    );

    // The configuration turned around: a status change is sent, a completed analysis is not.
    const turned: LegUser = { ...okUser, analysisCompleted: false, analysisChangedStatus: true };
    await configure(turned, 'PUT');
    await changeStatus(turned, projects.get(okUser.id)!, 'approved');
    const [second] = await both(
      `${turned.id}'s second company analysis completes, not subscribed`,
      settled(turned, 'POST', '/integration/project', {
        json: {
          companyName: 'Unsubscribed Systems',
          companyWebsite: 'https://unsubscribed.webhook-failures.example',
          projectType: 'projectAnalysisNoFile',
        },
      }),
    );
    expect(second!.status, `${turned.id}'s second company`).toBe(200);

    // The trigger sends an event whether the configuration subscribes it or not, and says which.
    for (const [user, event] of [
      [refusedUser, 'changedStatus'],
      [errorUser, 'analysisCompleted'],
      [turned, 'changedStatus'],
    ] as const)
      await both(`${event} triggered for ${user.id}`, async (target) => [
        await call(target, 'POST', '/__mock/webhooks/trigger', { json: { event, projectId: projects.get(user.id) } }),
      ]);

    // What each user reads after: the configuration and the delivery history.
    for (const user of USERS)
      await both(`${user.id} reads its configuration and deliveries`, async (target) => [
        await call(target, 'GET', '/integration/webhook', { key: bearer(user) }),
        await call(target, 'GET', '/integration/webhook/history', { key: bearer(user) }),
      ]);
  });
});
