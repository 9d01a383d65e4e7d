// The oracle's webhook commands (with --receiver-host and --access-token): save the configuration
// on both sides (each pointing at its own receiver, flags sent or omitted), compare what each
// side's receiver got for the sequence's analyses, and compare the delivery histories. A saved url
// is the receiver's own or one of its failing paths (answered 500, or closed with no answer), the
// same on both sides, so failed deliveries are compared too: recorded, never as Success. Accepted:
// timing (waited for up to --delivery-timeout), repeats and retries (the retry policy is not shown),
// which error outcome and its text, events the contract leaves open (their subscription or payload
// carries x-gap, read at run time), ids by correspondence. A receiver's timeout (30 s) is not provoked.
import fc from 'fast-check';
import { contractDocument, type components } from '../../../../openapi/index.ts';
import { dataOf, isObject, sleep } from '../answers.ts';
import type { Exchange } from '../exchange.ts';
import { HISTORY_LENGTH, newEntries, quiet, quietStep, receipts } from '../delivery-history.ts';
import { DROPPING_PATH, failingPath, REFUSING_PATH, type Delivery as Received } from '../receiver.ts';
import { awaitAnalyses } from './analysis-commands.ts';
import { schemaGap } from './contract-gaps.ts';
import { holds, same } from './difference.ts';
import { sameOutcome } from './outcome.ts';
import type { Delivery, OracleAnalysis, OracleReal, OracleState } from './state.ts';
import { onModel } from './state.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<OracleState, OracleReal>;
const JSON_HEADERS = { 'content-type': 'application/json' };
/** How long the model (in this process, delivering to a receiver on 127.0.0.1) may take to deliver. */
const MODEL_DELIVERY_MS = 2_000;

const eventOf = (d: Received) => (isObject(d.body) ? String(d.body.event) : '');
const dataField = (d: Received, field: string) =>
  isObject(d.body) && isObject(d.body.data) ? d.body.data[field] : undefined;

/**
 * Events whose payload the contract leaves open (`x-gap` on the event schema's `data`), read from
 * the contract's webhooks: which of them a deployment sends, and with what, is not compared.
 */
export function openEvents(): Set<string> {
  const webhooks = (contractDocument as unknown as { webhooks?: Record<string, unknown> }).webhooks ?? {};
  const open = new Set<string>();
  for (const [event, item] of Object.entries(webhooks)) {
    const ref = (item as { post?: { requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> } } }).post
      ?.requestBody?.content?.['application/json']?.schema?.$ref;
    const schema = ref?.split('/').at(-1);
    if (schema && schemaGap(schema, 'data') !== undefined) open.add(event);
  }
  return open;
}

/** How a receiver answers the deliveries to a saved url: 200, or one of its failing paths. */
export type ReceiverAnswer = 'ok' | typeof REFUSING_PATH | typeof DROPPING_PATH;

export class SaveWebhook implements Command {
  readonly method: 'POST' | 'PUT';
  readonly analysisCompleted: boolean | undefined;
  readonly analysisChangedStatus: boolean | undefined;
  readonly answering: ReceiverAnswer;

  constructor(
    method: 'POST' | 'PUT',
    analysisCompleted?: boolean,
    analysisChangedStatus?: boolean,
    answering: ReceiverAnswer = 'ok',
  ) {
    this.method = method;
    this.analysisCompleted = analysisCompleted;
    this.analysisChangedStatus = analysisChangedStatus;
    this.answering = answering;
  }
  check = (s: Readonly<OracleState>) => s.hooks !== undefined;
  async run(s: OracleState): Promise<void> {
    const hooks = s.hooks;
    if (!hooks) return;
    // Analyses under way end, and their deliveries are compared, under the flags they started with.
    await settleDeliveries(s);
    const operationId = this.method === 'POST' ? 'createWebhookConfiguration' : 'updateWebhookConfiguration';
    const at = (url: string) => (this.answering === 'ok' ? url : `${url}/${this.answering}`);
    const input = (url: string) => ({
      url: at(url),
      analysisCompleted: this.analysisCompleted,
      analysisChangedStatus: this.analysisChangedStatus,
    });
    const deployment = await s.ctx.fixtures.saveWebhook(operationId, input(hooks.deployment.url));
    const model = await onModel(s, operationId, {
      auth: 'bearer',
      json: input(hooks.model.url),
      headers: JSON_HEADERS,
    });
    const observable =
      this.analysisCompleted === undefined || this.analysisChangedStatus === undefined
        ? 'webhookDefaults'
        : 'webhookSaved';
    sameOutcome(observable, `saving the webhook configuration with ${this.method}`, { deployment, model });
    compareConfiguration(observable, 'the saved configuration', at(hooks.deployment.url), deployment, model);
    const read = {
      deployment: await s.ctx.call('getWebhookConfiguration', { auth: 'bearer', headers: JSON_HEADERS }),
      model: await onModel(s, 'getWebhookConfiguration', { auth: 'bearer', headers: JSON_HEADERS }),
    };
    sameOutcome('webhookSaved', 'reading the configuration back', read);
    compareConfiguration(
      'webhookSaved',
      'the configuration read back',
      at(hooks.deployment.url),
      read.deployment,
      read.model,
    );
    const saved = dataOf<Schemas['WebhookConfiguration']>(model);
    hooks.flags = {
      analysisCompleted: saved?.analysisCompleted === true,
      analysisChangedStatus: saved?.analysisChangedStatus === true,
    };
  }
  toString = () =>
    `saveWebhook(${this.method}, analysisCompleted: ${this.analysisCompleted ?? 'omitted'}, analysisChangedStatus: ${this.analysisChangedStatus ?? 'omitted'}${this.answering === 'ok' ? '' : `, the receiver's /${this.answering}`})`;
}

function compareConfiguration(
  observable: 'webhookSaved' | 'webhookDefaults',
  what: string,
  url: string,
  deployment: Exchange,
  model: Exchange,
): void {
  const got = dataOf<Schemas['WebhookConfiguration']>(deployment);
  const want = dataOf<Schemas['WebhookConfiguration']>(model);
  same(observable, `${what}: url (the receiver's own)`, got?.url, url);
  same(observable, `${what}: analysisCompleted`, got?.analysisCompleted, want?.analysisCompleted);
  same(observable, `${what}: analysisChangedStatus`, got?.analysisChangedStatus, want?.analysisChangedStatus);
}

/** Waits until `found()` holds or `ms` pass; answers whether it held. */
async function waitFor(found: () => boolean, ms: number, everyMs: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (found()) return true;
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
}

/**
 * Follows the sequence's analyses to their end and compares, for each not compared yet, what the
 * deployment's receiver got with what the configuration and the analysis's final state call for,
 * and the payload with the model's delivery. Also: every delivery is a POST of `{ event, data }`,
 * and no analysisCompleted names a company of the sequence that started no analysis.
 */
export async function settleDeliveries(s: OracleState): Promise<void> {
  const hooks = s.hooks;
  if (!hooks) return;
  await awaitAnalyses(s);
  const { deliveryTimeoutMs, pollIntervalMs } = s.ctx.fixtures;
  const got = () => hooks.deployment.received.slice(hooks.from.deployment);
  const modelGot = () => hooks.model.received.slice(hooks.from.model);
  const forAnalysis = (list: Received[], analysis: OracleAnalysis, side: 'deployment' | 'model') =>
    list.filter((d) => eventOf(d) === 'analysisCompleted' && dataField(d, 'analysisId') === analysis[side]);
  const due = s.analyses.filter((a) => a.final && !a.compared);
  const sent = due.filter((a) => a.subscribed && a.status.deployment === 'completed');
  // An analysis still under way at --poll-timeout may yet complete and be delivered: nothing is required of it.
  const held = due.filter(
    (a) => a.status.deployment !== undefined && !(a.subscribed && a.status.deployment === 'completed'),
  );
  await waitFor(
    () => sent.every((a) => forAnalysis(got(), a, 'deployment').length > 0),
    deliveryTimeoutMs,
    pollIntervalMs,
  );
  await waitFor(
    () =>
      due.every(
        (a) => !(a.subscribed && a.status.model === 'completed') || forAnalysis(modelGot(), a, 'model').length > 0,
      ),
    MODEL_DELIVERY_MS,
    10,
  );
  // An event sent anyway arrives within moments: waited for a bounded time.
  if (held.length > 0) await sleep(Math.min(deliveryTimeoutMs, 1_000));
  for (const a of sent) {
    const delivery = forAnalysis(got(), a, 'deployment')[0];
    holds(
      'analysisDelivered',
      delivery !== undefined,
      () =>
        `analysis ${a.deployment} completed while the configuration subscribed to analysisCompleted, and no analysisCompleted for it reached the receiver within --delivery-timeout ${deliveryTimeoutMs} ms (the model sent ${forAnalysis(modelGot(), a, 'model').length})`,
    );
    const modelDelivery = forAnalysis(modelGot(), a, 'model')[0];
    same(
      'analysisDelivered',
      `analysisCompleted of analysis ${a.deployment}: data.projectId (by correspondence)`,
      s.ids.model(String(dataField(delivery!, 'projectId'))),
      a.company.model,
    );
    // The project's name when no name was sent is a gap (CreatedProject's x-gap): compared only when sent.
    if (a.company.name !== undefined || schemaGap('CreatedProject') === undefined)
      same(
        'analysisDelivered',
        `analysisCompleted of analysis ${a.deployment}: data.projectName`,
        dataField(delivery!, 'projectName'),
        modelDelivery ? dataField(modelDelivery, 'projectName') : a.company.name,
      );
    holds(
      'analysisDelivered',
      typeof dataField(delivery!, 'platformEntityCompanyId') === 'string',
      () => `analysisCompleted of analysis ${a.deployment} carries no data.platformEntityCompanyId`,
    );
  }
  for (const a of held) {
    const delivered = forAnalysis(got(), a, 'deployment').length;
    const why = a.subscribed
      ? `ended ${a.status.deployment}`
      : 'ended while analysisCompleted was false in the configuration';
    holds(
      a.subscribed ? 'analysisDelivered' : 'unsubscribed',
      delivered === 0,
      () =>
        `analysis ${a.deployment} ${why}, and ${delivered} analysisCompleted for it reached the receiver (the model sent ${forAnalysis(modelGot(), a, 'model').length})`,
    );
  }
  for (const a of due) a.compared = true;
  const analysed = new Set(s.analyses.map((a) => a.deployment));
  const companies = new Set(s.companies.map((c) => c.deployment));
  const open = openEvents();
  for (const d of got()) {
    holds(
      'deliveryForm',
      d.method === 'POST' && isObject(d.body) && typeof d.body.event === 'string' && 'data' in d.body,
      () => `delivery ${d.method} ${d.path}: ${JSON.stringify(d.body).slice(0, 200)}`,
    );
    const projectId = String(dataField(d, 'projectId'));
    const event = eventOf(d);
    // Events whose payload is open cannot be told apart by record: not compared.
    if (open.has(event) || !companies.has(projectId)) continue;
    // A changedStatus is not judged: which moves between statuses a service makes is not shown, and
    // each sequence starts subscribed to it, so a service that moves a new company sends one rightly.
    if (event === 'analysisCompleted')
      holds(
        'unsubscribed',
        analysed.has(String(dataField(d, 'analysisId'))),
        () =>
          `analysisCompleted reached the receiver for company ${projectId}, which started no analysis: ${JSON.stringify(d.body).slice(0, 200)}`,
      );
  }
}

// Which events the deployment's history holds follows from its own analyses' final states (which
// one is a gap), compared per analysis above through the receiver; the history is compared with the
// receiver, and its outcomes with the model's.

/** One side's delivery history (the session token's user). */
export async function historyOf(s: OracleState, side: 'deployment' | 'model'): Promise<Delivery[]> {
  const request = { auth: 'bearer' as const, headers: JSON_HEADERS };
  const answer =
    side === 'model'
      ? await onModel(s, 'listWebhookDeliveries', request)
      : await s.ctx.call('listWebhookDeliveries', request);
  const data = dataOf<Delivery[]>(answer);
  return Array.isArray(data) ? data : [];
}

/**
 * How many entries at the head of a history read after the sequence are new, if it follows from the
 * one before and the deliveries the receiver got meanwhile (`received` from `from` on): undefined if not.
 */
export function historyNew(
  before: Delivery[],
  received: readonly Received[],
  from: number,
  after: Delivery[],
): number | undefined {
  const all = receipts(received);
  return newEntries(before, all.slice(from), after, all.slice(0, from));
}

/** Closing: the deliveries settled, both histories compared with their receivers and with each other. */
export class CompareHistory implements Command {
  check = (s: Readonly<OracleState>) => s.hooks !== undefined;
  async run(s: OracleState): Promise<void> {
    const hooks = s.hooks;
    if (!hooks) return;
    await settleDeliveries(s);
    const { deliveryTimeoutMs, pollIntervalMs } = s.ctx.fixtures;
    await Promise.all([
      quiet(hooks.deployment.received, Math.min(deliveryTimeoutMs, 1_000), quietStep(pollIntervalMs)),
      quiet(hooks.model.received, 300, 20),
    ]);
    const fresh = hooks.deployment.received.slice(hooks.from.deployment);
    const modelFresh = hooks.model.received.slice(hooks.from.model);
    const follows = (side: 'deployment' | 'model', history: Delivery[]) =>
      historyNew(hooks.before[side], hooks[side].received, hooks.from[side], history);
    // The service records an outcome once the receiver has answered: read until it has (bounded).
    let after = await historyOf(s, 'deployment');
    const recorded = Date.now() + deliveryTimeoutMs;
    while (follows('deployment', after) === undefined && Date.now() < recorded) {
      await sleep(pollIntervalMs);
      after = await historyOf(s, 'deployment');
    }
    let modelAfter = await historyOf(s, 'model');
    for (let i = 0; i < 20 && follows('model', modelAfter) === undefined; i += 1) {
      await sleep(20);
      modelAfter = await historyOf(s, 'model');
    }
    holds('historyLength', after.length <= HISTORY_LENGTH, () => `the history holds ${after.length} deliveries`);
    holds(
      'historyOrder',
      after.every((d, i) => i === 0 || Date.parse(after[i - 1]?.createdAt ?? '') >= Date.parse(d.createdAt)),
      () => `the history is not newest first: ${JSON.stringify(after.map((d) => [d.event, d.createdAt]))}`,
    );
    const shown = (list: Delivery[]) => JSON.stringify(list.map((d) => [d.event, d.status, d.createdAt]));
    const n = follows('deployment', after);
    holds(
      'historyRecent',
      n !== undefined,
      () =>
        `history before the sequence: ${shown(hooks.before.deployment)}; the receiver got ${fresh.length} deliveries since (${fresh.map(eventOf).join(', ') || 'none'}); history after: ${shown(after)}, expected entries for those deliveries (one per delivery or per attempt; Success no more often than the receiver got it; as many as fit in ${HISTORY_LENGTH}) newest first, then the newest earlier ones, ${HISTORY_LENGTH} at most (the model's history after: ${shown(modelAfter)})`,
    );
    // Each kind of outcome the model recorded (Success for deliveries its receiver answered with
    // 200, an error for those it refused or dropped) is recorded by the deployment too; which error
    // outcome is not fixed, and it may also record failed attempts (the retry policy is not shown).
    const m = follows('model', modelAfter) ?? Math.min(HISTORY_LENGTH, modelFresh.length);
    const kind = (status: string | undefined) => (status === 'Success' ? 'Success' : 'an error outcome');
    const outcomes = (list: Delivery[]) => [...new Set(list.map((d) => kind(d.status)))].sort();
    const got = outcomes(after.slice(0, n));
    const want = outcomes(modelAfter.slice(0, m));
    if (n !== undefined && n > 0 && m > 0)
      holds(
        'historyRecorded',
        want.every((o) => got.includes(o)),
        () =>
          `the outcomes recorded for the deliveries are ${JSON.stringify(got)} (${shown(after.slice(0, n))}); the model recorded ${JSON.stringify(want)} (${shown(modelAfter.slice(0, m))}); the receiver got ${fresh.map((d) => `${eventOf(d)} at ${d.path}`).join(', ')}`,
      );
    // A Success is an attempt the receiver answered with 200: none for those it refused or dropped.
    if (n !== undefined) {
      const answered = fresh.filter((d) => !failingPath(d.path)).map(eventOf);
      for (const event of new Set(after.slice(0, n).map((d) => d.event))) {
        const successes = after.slice(0, n).filter((d) => d.event === event && d.status === 'Success').length;
        const allowed = answered.filter((e) => e === event).length;
        holds(
          'historyFailed',
          successes <= allowed,
          () =>
            `the history records ${successes} new ${event} as Success, and the receiver answered ${allowed} ${event} with 200 (of ${fresh.filter((d) => eventOf(d) === event).length} it got: ${fresh.map((d) => `${eventOf(d)} at ${d.path}`).join(', ')}): ${shown(after.slice(0, n))}`,
        );
      }
    }
  }
  toString = () => 'compareHistory()';
}

export const webhookCommands = [
  fc
    .record({
      method: fc.constantFrom('POST' as const, 'PUT' as const),
      analysisCompleted: fc.option(fc.boolean(), { nil: undefined }),
      analysisChangedStatus: fc.option(fc.boolean(), { nil: undefined }),
      answering: fc.constantFrom<ReceiverAnswer>('ok', REFUSING_PATH, DROPPING_PATH),
    })
    .map(
      ({ method, analysisCompleted, analysisChangedStatus, answering }) =>
        new SaveWebhook(method, analysisCompleted, analysisChangedStatus, answering),
    ),
];
