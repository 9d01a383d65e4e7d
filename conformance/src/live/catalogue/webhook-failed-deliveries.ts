// Failed deliveries, provoked: the configuration pointed at each of the receiver's failing paths
// in turn (one answers 500, one closes the connection with no answer), a company analysis completed
// for each, and the history read until it records both deliveries. The receiver did not answer 200,
// so no entry for them may be `Success`; which error outcome, its text and any retries are not
// fixed, and are accepted.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isObject, isSuccess, sleep } from '../answers.ts';
import { newEntries, quiet, quietStep, receipts } from '../delivery-history.ts';
import { DROPPING_PATH, REFUSING_PATH, failingPath, type Delivery } from '../receiver.ts';
import type { Rule, RuleContext } from '../rule.ts';
import { analysisOutcome } from './companies-outcomes.ts';

type Schemas = components['schemas'];
type Entry = Schemas['WebhookDelivery'];
const JSON_HEADERS = { 'content-type': 'application/json' };
const FAILING = [
  { path: REFUSING_PATH, what: 'answered HTTP 500' },
  { path: DROPPING_PATH, what: 'closed the connection with no answer' },
];

const shown = (list: Entry[]) => JSON.stringify(list.map((d) => [d.event, d.status, d.createdAt]));

async function history(ctx: RuleContext): Promise<Entry[]> {
  const answer = await ctx.call('listWebhookDeliveries', { auth: 'bearer', headers: JSON_HEADERS });
  const data = dataOf<Entry[]>(answer);
  if (!isSuccess(answer) || !Array.isArray(data))
    return ctx.notChecked(`the delivery history answered ${describeAnswer(answer)}`);
  return data;
}

/** The configuration pointed at one failing path, and a completed analysis delivered there; its id. */
async function provoke(ctx: RuleContext, url: string, { path }: (typeof FAILING)[number]): Promise<string> {
  const saved = await ctx.fixtures.saveWebhook('createWebhookConfiguration', {
    url: `${url}/${path}`,
    analysisCompleted: true,
    analysisChangedStatus: true,
  });
  if (!isSuccess(saved)) return ctx.notChecked(`saving the webhook configuration answered ${describeAnswer(saved)}`);
  const companyName = `conformance-${ctx.runId} delivery ${path}`;
  const answer = await ctx.call('createProject', {
    json: {
      companyName,
      projectType: 'projectAnalysisNoFile',
      companyWebsite: `https://conformance-${ctx.runId.toLowerCase().replace(/[^a-z0-9-]/g, '-')}-${path}.example`,
    },
    spend: { credits: 'unknown', records: 1, record: `company "${companyName}" with one analysis` },
  });
  const data = dataOf<Schemas['CreateProjectResult']>(answer);
  if (!isSuccess(answer) || !data?.analysisId)
    return ctx.notChecked(`creating ${companyName} answered ${describeAnswer(answer)} without analysisId`);
  const { statuses, timedOut } = await analysisOutcome(ctx, data.project.id, data.analysisId);
  if (timedOut || statuses.at(-1) !== 'completed')
    return ctx.notChecked(`the analysis did not complete (${statuses.join(' -> ')}): no analysisCompleted to deliver`);
  const ours = (d: Delivery) =>
    d.path.endsWith(`/${path}`) &&
    isObject(d.body) &&
    isObject(d.body.data) &&
    d.body.data.analysisId === data.analysisId;
  if (!(await ctx.fixtures.delivery(ours)))
    return ctx.notChecked(
      `no analysisCompleted for analysis ${data.analysisId} reached the receiver's /${path} within --delivery-timeout ${ctx.fixtures.deliveryTimeoutMs} ms (webhooks.analysis-completed-delivered judges that)`,
    );
  return data.analysisId;
}

/** Both failing paths in one window of the history: each delivery recorded, none as Success. */
async function judgeFailures(ctx: RuleContext, url: string): Promise<void> {
  const receiver = ctx.fixtures.receiver!;
  const switched = receiver.received.length;
  // Deliveries of earlier rules arrive (and are recorded) first, so the two reads bracket only this rule's.
  await quiet(receiver.received, 3_000, quietStep(ctx.fixtures.pollIntervalMs));
  const before = await history(ctx);
  const from = receiver.received.length;
  const analyses: string[] = [];
  for (const failing of FAILING) analyses.push(await provoke(ctx, url, failing));
  // The service records an outcome once its attempt has ended: read until the history follows (bounded).
  const fresh = () => receipts(receiver.received.slice(from));
  const earlier = receipts(receiver.received.slice(0, from));
  const follows = (after: Entry[]) => newEntries(before, fresh(), after, earlier);
  let after = await history(ctx);
  const deadline = Date.now() + ctx.fixtures.deliveryTimeoutMs;
  while (follows(after) === undefined && Date.now() < deadline) {
    await sleep(ctx.fixtures.pollIntervalMs);
    after = await history(ctx);
  }
  const n = follows(after);
  // The retry policy is not shown: a service may record a failed delivery only after its last attempt.
  if (n === undefined)
    return ctx.notChecked(
      `the history did not record the deliveries the receiver's failing paths got within --delivery-timeout (before: ${shown(before)}; after: ${shown(after)})`,
    );
  // Success only for attempts a receiver answered with 200 (since the configuration left the
  // receiver's own path, a late delivery of an earlier rule): none of this rule's.
  const allowed = receiver.received
    .slice(switched)
    .filter((d) => !failingPath(d.path) && isObject(d.body) && d.body.event === 'analysisCompleted').length;
  const successes = after.slice(0, n).filter((d) => d.event === 'analysisCompleted' && d.status === 'Success');
  ctx.expect(
    successes.length <= allowed,
    `the receiver ${FAILING.map((f) => f.what).join(', and ')} to the analysisCompleted of analyses ${analyses.join(' and ')} (and answered 200 to ${allowed} analysisCompleted meanwhile), and the history records ${successes.length} new analysisCompleted as Success: ${shown(after.slice(0, n))}`,
  );
}

export const webhookFailureRules: Rule[] = [
  {
    id: 'webhooks.failed-delivery-recorded',
    area: 'webhooks',
    title:
      'a delivery the receiver answers with 500, and one it closes with no answer, are each recorded in the history, never as Success (the configuration is pointed back at the receiver after)',
    spec: 'Receiver requirements: […] 3. It returns HTTP 200 within 30 seconds.\nDelivery outcomes are listed by the history call (`Success`, `Error Request`, `Error Response`; `statusDescription` holds error details, for example a timeout).',
    operations: ['createWebhookConfiguration', 'createProject', 'listProjects', 'listWebhookDeliveries'],
    // Two company analyses at --analysis-cost each.
    cost: { credits: 'unknown', analyses: FAILING.length, records: FAILING.length },
    uses: ['receiverConfigured'],
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      const url = await ctx.fixtures.receiverConfigured();
      try {
        await judgeFailures(ctx, url);
      } finally {
        // The other rules' deliveries need the receiver's own path, both flags on, again.
        await ctx.fixtures.saveWebhook('createWebhookConfiguration', {
          url,
          analysisCompleted: true,
          analysisChangedStatus: true,
        });
      }
    },
  },
];
