// The delivery history as the 10 MOST RECENT deliveries, judged by correspondence: the history is
// read, enough deliveries are made to push it past 10 (company analyses, each sending
// analysisCompleted to the suite's receiver), and the history read again must be exactly the new
// deliveries, newest first, followed by the newest of the earlier history, 10 in all. The retry
// policy is not shown: a delivery may arrive more than once, and be recorded once or per attempt.
import type { components } from '../../../../openapi/index.ts';
import { dataOf, describeAnswer, isSuccess, sleep } from '../answers.ts';
import { HISTORY_LENGTH, historyFollows, newDeliveries, quiet, receipts } from '../delivery-history.ts';
import { failingPath } from '../receiver.ts';
import type { Rule, RuleContext } from '../rule.ts';

type Schemas = components['schemas'];

async function history(ctx: RuleContext): Promise<Schemas['WebhookDelivery'][]> {
  const answer = await ctx.call('listWebhookDeliveries', { auth: 'bearer' });
  const data = dataOf<Schemas['WebhookDelivery'][]>(answer);
  if (!isSuccess(answer) || !Array.isArray(data)) {
    ctx.expect(false, `the delivery history answered ${describeAnswer(answer)}`);
    return ctx.notChecked('no delivery history to check');
  }
  return data;
}

export const webhookHistoryRules: Rule[] = [
  {
    id: 'webhooks.history-ten-most-recent',
    area: 'webhooks',
    title:
      'after enough new deliveries to pass 10, the history is entries for those deliveries (one per delivery or per attempt, Success no more often than received) newest first (by createdAt), then the newest earlier ones: 10 in all',
    spec: '`GET {base_url}/integration/webhook/history`: no query parameters accepted; returns the 10 most recent deliveries, newest first, as an array of delivery records.',
    operations: ['listWebhookDeliveries', 'createProject'],
    // Up to 11 company analyses at --analysis-cost each (each call reserves its own).
    cost: { credits: 'unknown', analyses: HISTORY_LENGTH + 1, records: HISTORY_LENGTH + 1 },
    uses: ['receiverConfigured'],
    needs: { writes: true, accessToken: true, receiver: true },
    async check(ctx) {
      await ctx.fixtures.receiverConfigured();
      const receiver = ctx.fixtures.receiver;
      if (!receiver) return ctx.notChecked('needs a webhook receiver: pass --receiver-host');
      // Let deliveries of earlier rules arrive first, so the two reads bracket only this rule's.
      await quiet(receiver.received, 3_000, 200);
      // The deliveries of this run the receiver answered with 200 are recorded, and so among the
      // most recent: the history read first holds at least as many (a stale read holds fewer).
      const answeredBefore = newDeliveries(receipts(receiver.received.filter((d) => !failingPath(d.path)))).length;
      const least = Math.min(HISTORY_LENGTH, answeredBefore);
      let before = await history(ctx);
      const settled = Date.now() + ctx.fixtures.deliveryTimeoutMs;
      while (before.length < least && Date.now() < settled) {
        await sleep(ctx.fixtures.pollIntervalMs);
        before = await history(ctx);
      }
      ctx.expect(
        before.length >= least,
        `the receiver answered ${answeredBefore} deliveries of this run with 200 before this rule, and the history holds ${before.length}: ${JSON.stringify(before.map((d) => [d.event, d.status, d.createdAt]))}`,
      );
      const receivedBefore = receiver.received.length;
      const needed = before.length >= HISTORY_LENGTH ? 1 : HISTORY_LENGTH + 1 - before.length;
      for (let i = 0; i < needed; i += 1) {
        const companyName = `conformance-${ctx.runId} history ${i + 1}`;
        const answer = await ctx.call('createProject', {
          json: {
            companyName,
            projectType: 'projectAnalysisNoFile',
            companyWebsite: `https://conformance-${ctx.runId}-history-${i + 1}.example`,
          },
          spend: { credits: 'unknown', records: 1, record: `company "${companyName}" with one analysis` },
        });
        if (!isSuccess(answer)) return ctx.notChecked(`creating ${companyName} answered ${describeAnswer(answer)}`);
      }
      const earlier = () => receipts(receiver.received.slice(0, receivedBefore));
      const fresh = () => receipts(receiver.received.slice(receivedBefore));
      const deadline = Date.now() + ctx.fixtures.pollTimeoutMs + ctx.fixtures.deliveryTimeoutMs;
      // A repeat of a delivery is the same delivery: the analyses' own deliveries are waited for.
      while (newDeliveries(fresh(), earlier()).length < needed) {
        if (Date.now() > deadline)
          return ctx.notChecked(
            `${newDeliveries(fresh(), earlier()).length} of ${needed} analyses' deliveries reached the receiver in time`,
          );
        await sleep(ctx.fixtures.pollIntervalMs);
      }
      // Newest first over the whole history, the new deliveries included (a history of one kind of
      // event is told apart by its times only).
      const newestFirst = (after: Schemas['WebhookDelivery'][]) =>
        after.every((d, i) => i === 0 || Date.parse(after[i - 1]?.createdAt ?? '') >= Date.parse(d.createdAt));
      const matches = (after: Schemas['WebhookDelivery'][]) =>
        newestFirst(after) && historyFollows(before, fresh(), after, earlier());
      // The service records an outcome once the receiver has answered: read until it has (bounded).
      let after = await history(ctx);
      const recorded = Date.now() + ctx.fixtures.deliveryTimeoutMs;
      while (!matches(after) && Date.now() < recorded) {
        await sleep(ctx.fixtures.pollIntervalMs);
        after = await history(ctx);
      }
      const events = fresh().map((r) => r.event);
      const deliveries = newDeliveries(fresh(), earlier()).length;
      ctx.expect(
        matches(after),
        `history before: ${before.length} deliveries; ${deliveries} new deliveries in ${events.length} receipts (${events.join(', ')}); history after: ${JSON.stringify(after.map((d) => [d.event, d.status, d.createdAt]))}, expected entries for the new ones (one per delivery or per attempt, Success no more often than received, as many as fit in ${HISTORY_LENGTH}) newest first, then the newest of ${JSON.stringify(before.map((d) => [d.event, d.status, d.createdAt]))}`,
      );
    },
  },
];
