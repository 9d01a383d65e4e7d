// Deliveries to the suite's own receiver (--receiver-host): their form, the events after a fund
// run and an analysis, their record in the history, and none of an event the configuration does
// not subscribe to.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isObject, isSuccess, sleep } from '../answers.ts';
import { analysisOutcome } from './companies-outcomes.ts';
import type { Delivery } from '../receiver.ts';
import type { Rule, RuleContext } from '../rule.ts';

type Schemas = components['schemas'];
const FREE = { credits: 0, records: 0 };
const eventOf = (body: unknown) => (isObject(body) ? body.event : undefined);

/** With the receiver configured and the fund run finished, the first delivery the receiver got; none leaves the rule not checked. */
async function deliveryAfterFundRun(ctx: RuleContext): Promise<Delivery> {
  await ctx.fixtures.receiverConfigured();
  await ctx.fixtures.finishedFundRun();
  const delivery = await ctx.fixtures.delivery(() => true);
  if (!delivery)
    return ctx.notChecked(
      `no delivery reached the receiver within --delivery-timeout ${ctx.fixtures.deliveryTimeoutMs} ms`,
    );
  return delivery;
}

export const webhookDeliveryRules: Rule[] = [
  {
    id: 'webhooks.fund-completed-delivered',
    area: 'webhooks',
    title: 'a completed fund run sends fundAnalysisCompleted to the configured url',
    spec: '| fundAnalysisCompleted | a fund run completes; never sent for a run that ends in `error` | payload: not shown |',
    operations: ['createWebhookConfiguration', 'startFundRun', 'getFundRunSummary'],
    cost: FREE,
    uses: ['receiverConfigured', 'fundRun'],
    needs: { writes: true, accessToken: true, receiver: true },
    gap: 'how to subscribe to fundAnalysisCompleted and its payload are not shown',
    async check(ctx) {
      await ctx.fixtures.receiverConfigured();
      const { summary } = await ctx.fixtures.finishedFundRun();
      if (summary.status !== 'completed') ctx.notChecked(`the run ended in ${summary.status}: no event is sent`);
      const delivery = await ctx.fixtures.delivery((d) => eventOf(d.body) === 'fundAnalysisCompleted');
      ctx.expect(
        delivery !== undefined,
        `no fundAnalysisCompleted delivery within --delivery-timeout ${ctx.fixtures.deliveryTimeoutMs} ms of the run's completion`,
      );
    },
  },
  {
    id: 'webhooks.delivery-is-post-event-data',
    area: 'webhooks',
    title: 'every delivery is a POST of a JSON object { event, data }',
    spec: 'Events are delivered by HTTP POST with a JSON body of the form `{ event, data }` to the configured `url`.',
    operations: ['createWebhookConfiguration'],
    cost: FREE,
    uses: ['receiverConfigured', 'fundRun'],
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      await deliveryAfterFundRun(ctx);
      for (const d of ctx.fixtures.receiver?.received ?? []) {
        ctx.expect(
          d.method === 'POST' && isObject(d.body) && typeof d.body.event === 'string' && isObject(d.body.data),
          `delivery ${d.method} ${d.path}: ${JSON.stringify(d.body).slice(0, 200)}`,
        );
      }
    },
  },
  {
    id: 'webhooks.delivery-in-history',
    area: 'webhooks',
    title: 'a delivery the receiver answered with 200 is in the history as Success',
    spec: 'Delivery outcomes are listed by the history call (`Success`, `Error Request`, `Error Response`; `statusDescription` holds error details, for example a timeout).',
    operations: ['listWebhookDeliveries'],
    cost: FREE,
    uses: ['receiverConfigured', 'fundRun'],
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      const delivery = await deliveryAfterFundRun(ctx);
      const event = eventOf(delivery.body);
      const answer = await ctx.call('listWebhookDeliveries', { auth: 'bearer' });
      const deliveries = dataOf<Schemas['WebhookDelivery'][]>(answer) ?? [];
      ctx.expect(
        Array.isArray(deliveries) && deliveries.some((d) => d.event === event && d.status === 'Success'),
        `no Success delivery of ${String(event)} in the history: ${JSON.stringify(deliveries).slice(0, 300)}`,
      );
    },
  },
  {
    id: 'webhooks.analysis-completed-delivered',
    area: 'webhooks',
    title: "a company's completed analysis sends analysisCompleted with its projectId and analysisId",
    spec: '| analysisCompleted | an analysis finishes and results are available | `projectId` (uuid), `analysisId` (uuid), `projectName` (string), `platformEntityCompanyId` (uuid) |',
    operations: ['createWebhookConfiguration', 'createProject'],
    cost: FREE,
    uses: ['receiverConfigured', 'analyzedCompany'],
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      await ctx.fixtures.receiverConfigured();
      const company = await ctx.fixtures.analysisFinished();
      if (company.status !== 'completed')
        return ctx.notChecked(`the analysis ended ${company.status}: no analysisCompleted is sent`);
      const delivery = await ctx.fixtures.delivery(
        (d) =>
          eventOf(d.body) === 'analysisCompleted' &&
          isObject(d.body) &&
          isObject(d.body.data) &&
          (d.body.data.analysisId === company.analysisId || d.body.data.projectId === company.projectId),
      );
      if (!delivery) {
        ctx.expect(
          false,
          `no analysisCompleted delivery for analysis ${company.analysisId} within --delivery-timeout ${ctx.fixtures.deliveryTimeoutMs} ms`,
        );
        return;
      }
      const data = (delivery.body as { data: Record<string, unknown> }).data;
      ctx.expect(
        data.projectId === company.projectId && data.analysisId === company.analysisId,
        `data is ${JSON.stringify(data)}, expected projectId ${company.projectId} and analysisId ${company.analysisId}`,
      );
    },
  },
  {
    id: 'webhooks.unsubscribed-not-delivered',
    area: 'webhooks',
    title:
      'with analysisCompleted false in the configuration, a completed analysis sends no analysisCompleted (both flags are set on again after)',
    spec: 'Subscription flags in the webhook configuration: `analysisCompleted` subscribes to `analysisCompleted`; `analysisChangedStatus` subscribes to `changedStatus`.',
    operations: ['createWebhookConfiguration', 'createProject', 'listProjects'],
    cost: { credits: 'unknown', records: 1 },
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      const receiver = ctx.fixtures.receiver;
      if (!receiver) return ctx.notChecked('needs a webhook receiver: pass --receiver-host');
      const flags = async (on: boolean) => {
        const saved = await ctx.fixtures.saveWebhook('createWebhookConfiguration', {
          url: receiver.url,
          analysisCompleted: on,
          analysisChangedStatus: on,
        });
        if (!isSuccess(saved)) ctx.notChecked(`saving the webhook configuration answered ${describeAnswer(saved)}`);
      };
      await flags(false);
      try {
        const companyName = `conformance-${ctx.runId} unsubscribed`;
        const answer = await ctx.call('createProject', {
          json: {
            companyName,
            projectType: 'projectAnalysisNoFile',
            companyWebsite: `https://conformance-${ctx.runId}-unsubscribed.example`,
          },
          spend: { credits: 'unknown', records: 1, record: `company "${companyName}" with one analysis` },
        });
        const data = dataOf<Schemas['CreateProjectResult']>(answer);
        if (!isSuccess(answer) || !data?.analysisId)
          return ctx.notChecked(`creating ${companyName} answered ${describeAnswer(answer)} without analysisId`);
        const analysisId = data.analysisId;
        const { statuses, timedOut } = await analysisOutcome(ctx, data.project.id, analysisId);
        if (timedOut || statuses.at(-1) !== 'completed')
          return ctx.notChecked(`the analysis did not complete (${statuses.join(' -> ')}): no event to hold back`);
        // An event sent anyway arrives within moments of the completion: waited for a bounded time.
        await sleep(Math.min(ctx.fixtures.deliveryTimeoutMs, 1_000));
        const sent = receiver.received.filter(
          (d) =>
            eventOf(d.body) === 'analysisCompleted' &&
            isObject(d.body) &&
            isObject(d.body.data) &&
            (d.body.data.analysisId === analysisId || d.body.data.projectId === data.project.id),
        );
        ctx.expect(sent.length === 0, `analysisCompleted was delivered for analysis ${analysisId} with the flag false`);
      } finally {
        // The other rules' deliveries need the receiver subscribed to both events again.
        await flags(true);
      }
    },
  },
];
