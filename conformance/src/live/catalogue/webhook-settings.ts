// Webhook configuration and history rules: the API key is refused, a save is read back, the flags
// default to false, the history holds at most 10 deliveries, newest first. Saves are put back at
// the end of the run (fixtures.restore).
import type { components } from '../../../../openapi/index.ts';
import { codeOf, dataOf, describeAnswer, isSuccess } from '../answers.ts';
import type { Rule, RuleContext } from '../rule.ts';

type Schemas = components['schemas'];
const FREE = { credits: 0, records: 0 };
const JSON_HEADERS = { 'content-type': 'application/json' };

async function history(ctx: RuleContext): Promise<Schemas['WebhookDelivery'][]> {
  const answer = await ctx.call('listWebhookDeliveries', { auth: 'bearer' });
  const data = dataOf<Schemas['WebhookDelivery'][]>(answer);
  if (!isSuccess(answer) || !Array.isArray(data)) {
    ctx.expect(false, `the delivery history answered ${describeAnswer(answer)}`);
    ctx.notChecked('no delivery history to check');
  }
  return data;
}

const urlFor = (ctx: RuleContext) => ctx.fixtures.receiver?.url ?? `https://example.invalid/conformance-${ctx.runId}`;

export const webhookSettingRules: Rule[] = [
  {
    id: 'webhooks.api-key-refused',
    area: 'webhooks',
    title: 'the webhook configuration and history reads refuse an API key with 401',
    spec: 'They do not accept an API key; a call with one returns 401.',
    operations: ['getWebhookConfiguration', 'listWebhookDeliveries'],
    cost: FREE,
    needs: {},
    async check(ctx) {
      for (const operationId of ['getWebhookConfiguration', 'listWebhookDeliveries'] as const) {
        const answer = await ctx.call(operationId, { auth: 'apiKeyOnBearer', headers: JSON_HEADERS });
        ctx.expect(
          answer.status === 401 && codeOf(answer) === '4010',
          `${operationId} with the API key answered ${describeAnswer(answer)}, expected HTTP 401 4010`,
        );
      }
    },
  },
  {
    id: 'webhooks.history-at-most-10',
    area: 'webhooks',
    title: 'the delivery history holds at most 10 deliveries',
    spec: '| Webhook history length | 10 most recent deliveries | webhook history |',
    operations: ['listWebhookDeliveries'],
    cost: FREE,
    needs: { accessToken: true },
    async check(ctx) {
      const deliveries = await history(ctx);
      ctx.expect(deliveries.length <= 10, `the history holds ${deliveries.length} deliveries`);
    },
  },
  {
    id: 'webhooks.history-newest-first',
    area: 'webhooks',
    title: 'the delivery history is ordered newest first',
    spec: 'returns the 10 most recent deliveries, newest first, as an array of delivery records.',
    operations: ['listWebhookDeliveries'],
    cost: FREE,
    needs: { accessToken: true },
    async check(ctx) {
      const deliveries = await history(ctx);
      const times = deliveries.map((d) => Date.parse(d.createdAt));
      ctx.expect(
        times.every((t, i) => i === 0 || (times[i - 1] ?? 0) >= t),
        `createdAt order: ${deliveries.map((d) => d.createdAt).join(', ')}`,
      );
    },
  },
  {
    id: 'webhooks.save-read-back',
    area: 'webhooks',
    title: 'a configuration saved with PUT is answered and read back with the same url and flags',
    spec: '`POST` or `PUT {base_url}/integration/webhook`: creates or updates.',
    operations: ['updateWebhookConfiguration', 'getWebhookConfiguration'],
    cost: FREE,
    needs: { writes: true, accessToken: true },
    async check(ctx) {
      const input: Schemas['WebhookConfigurationInput'] = {
        url: urlFor(ctx),
        analysisCompleted: true,
        analysisChangedStatus: true,
      };
      const saved = await ctx.fixtures.saveWebhook('updateWebhookConfiguration', input);
      const answered = dataOf<Schemas['WebhookConfiguration']>(saved);
      ctx.expect(
        isSuccess(saved) && answered?.url === input.url && answered.analysisCompleted && answered.analysisChangedStatus,
        `PUT answered ${describeAnswer(saved)} ${JSON.stringify(answered)}`,
      );
      const read = await ctx.call('getWebhookConfiguration', { auth: 'bearer', headers: JSON_HEADERS });
      const current = dataOf<Schemas['WebhookConfiguration']>(read);
      ctx.expect(
        current?.url === input.url && current.analysisCompleted === true && current.analysisChangedStatus === true,
        `read back ${JSON.stringify(current)}`,
      );
    },
  },
  {
    id: 'webhooks.flags-default-false',
    area: 'webhooks',
    title: 'a configuration saved with only url has both subscription flags false',
    spec: '`analysisCompleted` (boolean, optional, default false), `analysisChangedStatus` (boolean, optional, default false)',
    operations: ['createWebhookConfiguration'],
    cost: FREE,
    needs: { writes: true, accessToken: true },
    async check(ctx) {
      const saved = await ctx.fixtures.saveWebhook('createWebhookConfiguration', { url: urlFor(ctx) });
      const answered = dataOf<Schemas['WebhookConfiguration']>(saved);
      ctx.expect(
        isSuccess(saved) && answered?.analysisCompleted === false && answered.analysisChangedStatus === false,
        `POST with url only answered ${describeAnswer(saved)} ${JSON.stringify(answered)}`,
      );
    },
  },
];
