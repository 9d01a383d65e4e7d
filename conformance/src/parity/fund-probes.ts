// The behaviours parity reads from its one fund run (fund-run.ts): the values a run started with
// name and folder alone shows, the sections it lists, what its summary shows before it ends and the
// statuses it passes, the form of its ids, and which company records its portfolio companies link to.
import { randomUUID } from 'node:crypto';
import type { GapProbeId } from '../../../common/src/index.ts';
import { isObject, sleep } from '../live/answers.ts';
import type { ConformanceReceiver, Delivery } from '../live/receiver.ts';
import type { FollowedFundRun } from './fund-run.ts';
import {
  asError,
  formWith,
  type Json,
  lookedUp,
  type ProbeOutcome,
  slugOf,
  unseenStatuses,
  valueWord,
} from './probe-values.ts';
import type { ParitySender, RecordedParityExchange } from './sender.ts';

export interface FundProbeContext {
  sender: ParitySender;
  /** The fund run followed to its end, once, or why there is none. */
  fundRun(): Promise<FollowedFundRun | string>;
  /** A second fund run, over one PDF cut after its header, followed to its end once the first ended, or why there is none. */
  unreadableFundRun(): Promise<FollowedFundRun | string>;
  /** Parity's receiver, saved again (analysisCompleted alone) before the fund run started, or why there is none. */
  fundRunReceiver(): Promise<ConformanceReceiver | string>;
}

/** How long a delivery is awaited after the run completed. */
const DELIVERY_WAIT_MS = 10_000;

type FundProbeId = Extract<
  GapProbeId,
  | 'funds.run-defaults'
  | 'funds.data-sections'
  | 'funds.run-progress'
  | 'funds.id-forms'
  | 'funds.portfolio-name-matching'
  | 'funds.second-run-same-name'
  | 'funds.run-unknown-fund-stage'
  | 'funds.unreadable-file-run'
  | 'webhooks.fund-run-subscription'
  | 'webhooks.fund-run-payload'
>;

const LIST = '/integration/projects';

/** The run, ended (`completed` only when `completed` is asked), or the outcome saying why not. */
async function endedRun(ctx: FundProbeContext, completed: boolean): Promise<FollowedFundRun | ProbeOutcome> {
  const run = await ctx.fundRun();
  if (typeof run === 'string') return { touched: false, reason: run };
  if (run.ended === undefined || (completed && run.ended !== 'completed'))
    return {
      touched: false,
      reason: run.ended ? `the fund run ended ${run.ended}` : 'the fund run did not end in time',
      exchange: run.last.recorded,
    };
  return run;
}

const objectIn = (holder: Json | undefined, name: string): Json | undefined => {
  const value = holder?.[name];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
};

const listIn = (holder: Json | undefined, name: string): unknown[] =>
  Array.isArray(holder?.[name]) ? (holder[name] as unknown[]) : [];

/** The names of a list of strings as one word: `empty list`, or the names joined in their order. */
const namesWord = (holder: Json | undefined, name: string): string => {
  if (!holder || !Array.isArray(holder[name])) return valueWord(holder, name);
  const list = holder[name] as unknown[];
  return list.length === 0 ? 'empty list' : list.map(String).join(', ').slice(0, 200);
};

/** The available flags that are true, as one word. */
const flagsWord = (available: Json | undefined): string => {
  if (!available) return 'absent';
  const on = ['workbook', 'overview', 'structure', 'incremental'].filter((flag) => available[flag] === true);
  return on.length === 0 ? 'none' : on.join(', ');
};

/** Where a portfolio company's projectId leads, set beside the companies listed before the run. */
async function linkOf(ctx: FundProbeContext, company: Json, listed: Json[]): Promise<string> {
  const projectId = company.projectId;
  if (projectId === null || projectId === undefined) return 'not linked';
  if (typeof projectId !== 'string') return valueWord(company, 'projectId');
  const before = listed.find((c) => c.id === projectId);
  if (before)
    return before.companyName === company.companyName
      ? 'the listed company of its name'
      : String(before.companyName).toLowerCase() === String(company.companyName).toLowerCase()
        ? 'the listed company of its name in another case'
        : 'a listed company of another name';
  const read = await ctx.sender.send({ method: 'GET', path: LIST, query: { id: projectId } });
  return lookedUp(read.answer) ? 'another record' : `a record the lookup answers HTTP ${read.answer.status}`;
}

/** A delivery to parity's receiver as the report shows an exchange: what the deployment sent, and the receiver's 200. */
function deliveryExchange(receiver: ConformanceReceiver, delivery: Delivery): RecordedParityExchange {
  const kept = ['content-type', 'x-mock-gap'].filter((name) => delivery.headers[name] !== undefined);
  return {
    request: { method: delivery.method, url: receiver.url, authorization: 'delivery' },
    response: {
      status: 200,
      headers: Object.fromEntries(kept.map((name) => [name, delivery.headers[name]!])),
      body: delivery.body,
    },
  };
}

/** The run's fundAnalysisCompleted as parity's receiver got it (awaited DELIVERY_WAIT_MS), or the outcome saying why not. */
async function runDelivery(
  ctx: FundProbeContext,
): Promise<{ run: FollowedFundRun; data: Json; exchange: RecordedParityExchange } | ProbeOutcome> {
  const run = await endedRun(ctx, true);
  if (!('fundExtractionId' in run)) return run;
  const receiver = await ctx.fundRunReceiver();
  if (typeof receiver === 'string') return { touched: false, reason: receiver, exchange: run.last.recorded };
  // The payload is not shown: a delivery naming another run is not this one's, any other may be.
  const ofRun = () =>
    receiver.received.find(
      (d) =>
        isObject(d.body) &&
        d.body.event === 'fundAnalysisCompleted' &&
        d.receivedAt >= run.startedAt &&
        (!isObject(d.body.data) || [run.fundExtractionId, undefined].includes(d.body.data.fundExtractionId as string)),
    );
  for (const deadline = Date.now() + DELIVERY_WAIT_MS; !ofRun() && Date.now() < deadline; ) await sleep(50);
  const delivery = ofRun();
  if (!delivery)
    return {
      touched: false,
      reason: `no fundAnalysisCompleted reached parity's receiver (saved with analysisCompleted alone) within ${DELIVERY_WAIT_MS / 1000} s after the run completed: not sent to it, or late`,
      exchange: run.last.recorded,
    };
  const data = isObject((delivery.body as Json).data) ? ((delivery.body as Json).data as Json) : {};
  return { run, data, exchange: deliveryExchange(receiver, delivery) };
}

export const FUND_PROBES: Record<FundProbeId, (ctx: FundProbeContext) => Promise<ProbeOutcome>> = {
  'funds.run-defaults': async (ctx) => {
    const run = await endedRun(ctx, false);
    if (!('fundExtractionId' in run)) return run;
    const { summary } = run.last;
    const values = {
      customerIsInvestor: valueWord(summary, 'customerIsInvestor'),
      showDerivedMetrics: valueWord(summary, 'showDerivedMetrics'),
      'available.incremental': valueWord(objectIn(summary, 'available'), 'incremental'),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.data-sections': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const dataSections = namesWord(objectIn(run.last.summary, 'available'), 'dataSections');
    return { touched: true, observation: { kind: 'values', values: { dataSections } }, exchange: run.last.recorded };
  },
  'funds.run-progress': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const unseen = unseenStatuses(run, 'the run', 'in a run of');
    if (unseen) return unseen;
    const before = run.beforeEnd;
    const available = objectIn(before, 'available');
    const values = {
      statuses: run.statuses.join(', '),
      'figures before the end': before
        ? listIn(before, 'figures').length === 0
          ? 'empty list'
          : 'a list'
        : 'not seen',
      'available before the end': before ? flagsWord(available) : 'not seen',
      'dataSections before the end': before ? namesWord(available, 'dataSections') : 'not seen',
      // A run that shows `running`: its flags then (the first read showing it), beside those of the first read.
      'available while running': run.whileRunning ? flagsWord(objectIn(run.whileRunning, 'available')) : 'not shown',
      'figures when completed': listIn(run.last.summary, 'figures').length === 0 ? 'empty list' : 'a list',
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.id-forms': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const { summary } = run.last;
    const ownerId = objectIn(summary, 'owner')?.id;
    const placeholders = {
      '{fundExtractionId}': run.fundExtractionId,
      '{owner id}': typeof ownerId === 'string' ? ownerId : '',
      '{name}': run.name,
      '{name as a slug}': slugOf(run.name),
    };
    const companies = listIn(summary, 'companies').filter((c): c is Json => !!c && typeof c === 'object');
    const values = {
      fundId: formWith(summary.fundId, placeholders),
      'company ids':
        companies.length === 0
          ? 'no company found'
          : companies
              .map((c) => formWith(c.id, placeholders))
              .join(', ')
              .slice(0, 200),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.portfolio-name-matching': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const companies = listIn(run.last.summary, 'companies').filter((c): c is Json => !!c && typeof c === 'object');
    const names = new Map(run.listedBefore.map((c) => [String(c.companyName), c]));
    const lower = new Set(run.listedBefore.map((c) => String(c.companyName).toLowerCase()));
    const kinds: Record<string, Set<string>> = {};
    for (const company of companies) {
      const name = String(company.companyName);
      const kind = names.has(name)
        ? 'named as a listed company'
        : lower.has(name.toLowerCase())
          ? 'named as a listed company in another case'
          : 'named as no listed company';
      (kinds[kind] ??= new Set()).add(await linkOf(ctx, company, run.listedBefore));
    }
    const wanted = [
      'named as a listed company',
      'named as a listed company in another case',
      'named as no listed company',
    ];
    const missing = wanted.filter((kind) => !kinds[kind]);
    if (missing.length > 0)
      return {
        touched: false,
        reason: `the run's portfolio has no company ${missing.join(', nor one ')} (${companies.length} found, set beside the first 20 companies listed before the run)`,
        exchange: run.last.recorded,
      };
    const values = Object.fromEntries(wanted.map((kind) => [kind, [...kinds[kind]!].sort().join(', ')]));
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'funds.second-run-same-name': async (ctx) => {
    const run = await endedRun(ctx, true);
    if (!('fundExtractionId' in run)) return run;
    const started = await ctx.sender.send({
      method: 'POST',
      path: '/integrationfund/fund/run',
      json: { name: run.name, folderPath: run.folderPath },
    });
    const id = (started.answer.body as { data?: { fundExtractionId?: unknown } } | undefined)?.data?.fundExtractionId;
    if (started.answer.status !== 200 || typeof id !== 'string')
      return {
        touched: false,
        reason: `a second run over the same folder answered HTTP ${started.answer.status} with no fundExtractionId`,
        exchange: started.recorded,
      };
    const read = await ctx.sender.send({
      method: 'GET',
      path: '/integrationfund/fund',
      query: { fundExtractionId: id },
    });
    const summary = (read.answer.body as { data?: unknown } | undefined)?.data;
    if (read.answer.status !== 200 || !isObject(summary))
      return {
        touched: false,
        reason: `the second run's read answered HTTP ${read.answer.status}`,
        exchange: read.recorded,
      };
    const named: Record<string, string> = { [id]: 'this run', [run.fundExtractionId]: 'the first run' };
    const versions = listIn(summary, 'fundRuns').map((v) =>
      isObject(v) ? (named[String(v.fundExtractionId)] ?? 'another run') : 'not an object',
    );
    const values = {
      fundId:
        summary.fundId === run.last.summary.fundId
          ? "the first run's"
          : formWith(summary.fundId, { '{fundExtractionId}': id }),
      fundRuns: versions.length === 0 ? 'empty list' : versions.join(', ').slice(0, 200),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: read.recorded };
  },
  'funds.run-unknown-fund-stage': async (ctx) => {
    // Over the run's own folder, once it ended: a folder the deployment holds, so the stage is what it answers.
    const run = await endedRun(ctx, false);
    if (!('fundExtractionId' in run)) return run;
    const { answer, recorded } = await ctx.sender.send({
      method: 'POST',
      path: '/integrationfund/fund/run',
      json: { name: run.name, folderPath: run.folderPath, fundstageId: randomUUID() },
    });
    return asError(answer, recorded);
  },
  'funds.unreadable-file-run': async (ctx) => {
    const run = await ctx.unreadableFundRun();
    if (typeof run === 'string') return { touched: false, reason: run };
    if (run.ended === undefined)
      return {
        touched: false,
        reason: 'the run over an unreadable file did not end in time',
        exchange: run.last.recorded,
      };
    // What the ended run's read shows beside its status: the specification says only that an
    // errored run's errorMessage explains, not what it still offers.
    const available = objectIn(run.last.summary, 'available');
    const values = {
      'ends as': run.ended,
      available: flagsWord(available),
      dataSections: namesWord(available, 'dataSections'),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: run.last.recorded };
  },
  'webhooks.fund-run-subscription': async (ctx) => {
    const delivered = await runDelivery(ctx);
    if ('touched' in delivered) return delivered;
    const values = { 'receiver subscribed to analysisCompleted alone': 'delivered' };
    return { touched: true, observation: { kind: 'values', values }, exchange: delivered.exchange };
  },
  'webhooks.fund-run-payload': async (ctx) => {
    const delivered = await runDelivery(ctx);
    if ('touched' in delivered) return delivered;
    const { data, run } = delivered;
    const fields = Object.keys(data).sort();
    // A field holding the same value as the run's summary field of its name.
    const own = fields.filter((name) => data[name] !== undefined && data[name] === run.last.summary[name]);
    const values = {
      fields: fields.length === 0 ? 'none' : fields.join(', ').slice(0, 200),
      "the run's values": own.length === 0 ? 'none' : own.join(', ').slice(0, 200),
    };
    return { touched: true, observation: { kind: 'values', values }, exchange: delivered.exchange };
  },
};
