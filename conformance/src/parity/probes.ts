// How parity reaches each open behaviour of GAP_PROBES on a deployment: the request that provokes
// it and what of the answer is the deployment's choice. Reads several behaviours share are sent
// once (probeContext); writes only with --allow-writes (one company, a refused fund run, webhook
// receivers while none is saved). A behaviour the deployment's data does not let the run reach (no
// company to look up) is "not touched", with the reason.
import { randomUUID } from 'node:crypto';
import { type GapProbeId, type RateLimitObservation, SCORE_COLOR_RULE } from '../../../common/src/index.ts';
import { contractDocument } from '../../../openapi/index.ts';
import { FINAL_ANALYSIS_STATUSES } from '../final-statuses.ts';
import { isObject, sleep } from '../live/answers.ts';
import {
  ANALYSIS_WAIT_MS,
  type AnalysisEnd,
  allFinal,
  analysisStatuses,
  endsAs,
  nextRead,
  readUntilAnalysisEnds,
} from './analysis-reads.ts';
import { DRIVE_PROBES } from './drive-probes.ts';
import { FUND_PROBES } from './fund-probes.ts';
import { PLACEHOLDER_PROBES } from './placeholder-probes.ts';
import { UPLOAD_PROBES } from './upload-probes.ts';
import { type FollowedFundRun, followFundRun } from './fund-run.ts';
import type { Exchange } from '../live/exchange.ts';
import { type ConformanceReceiver, startReceiver } from '../live/receiver.ts';
import {
  asError,
  formOf,
  formWith,
  type Json,
  lookedUp,
  type ProbeOutcome,
  projectOf,
  type Sent,
  shapeOf,
  unseenStatuses,
  valueWord,
  word,
  type FollowedReads,
} from './probe-values.ts';
import { envelopeCode, type ParitySender, type RecordedParityExchange } from './sender.ts';
import { noWebhookSaved, saveReceiver, WEBHOOK_PROBES } from './webhook-probes.ts';

export type { ProbeOutcome } from './probe-values.ts';

/** The company created once with an analysis (--allow-writes, --analysis-cost), read back at once. */
export interface AnalysedCompany {
  projectId: string;
  analysisId: string | undefined;
  readBack: Sent & { record: Json };
  /** When that read back was sent (Date.now()). */
  readStartedAt: number;
  /** Parity's receiver, saved before the creation with analysisCompleted on; or why there is none. */
  receiver: ConformanceReceiver | string;
  /** The company created beside it with a website that cannot exist, or why there is none. */
  unreachable: { id: string } | string;
}

/** The analysed company followed to its analysis's end. */
export interface FollowedAnalysis extends FollowedReads {
  /** The last read. */
  last: Sent & { record: Json };
  /** completed, failed, or undefined when it did not end in time. */
  ended: 'completed' | 'failed' | undefined;
  /** The company's processing, as a word, in every read while its analysis was under way. */
  whileRunning: string[];
  /** Each status its analysis showed, in order, a repeat left out. */
  statuses: string[];
}

export interface ProbeContext extends ContextOptions {
  sender: ParitySender;
  /** The company created once with projectNoAnalysis and no name or website (--allow-writes), or why not. */
  createdCompany(): Promise<{ answer: Exchange; recorded: RecordedParityExchange; companyName: string } | string>;
  /** The first company of the deployment's list, asked once; undefined when it lists none. */
  firstCompany(): Promise<{ id: string; companyName: string } | undefined>;
  /** Up to 20 companies of the deployment's list, asked once (none when it answers otherwise). */
  listed(): Promise<{ companies: Json[]; recorded: RecordedParityExchange }>;
  /** The detail of the first completed analysis the listed companies show, asked once, or why there is none. */
  analysisDetail(): Promise<(Sent & { companyId: string; analysisId: string }) | string>;
  /** The full report of the first listed company, asked once, or why there is none. */
  fullReport(): Promise<Sent | string>;
  /** The created company read back through the list called with its id, asked once, or why not. */
  createdRecord(): Promise<(Sent & { record: Json; companyName: string }) | string>;
  /** The company created with one analysis (and parity's receiver saved first, when it can be), or why not. */
  analysedCompany(): Promise<AnalysedCompany | string>;
  /** That company read again until its analysis ends (at most ANALYSIS_WAIT_MS), once, or why not. */
  followedAnalysis(): Promise<FollowedAnalysis | string>;
  /** The company of an unreachable website, read until its analysis ended (or ANALYSIS_WAIT_MS passed), or why not. */
  unreachableAnalysis(): Promise<AnalysisEnd | string>;
  /** The fund run (--fund-run) followed to its end, once, or why there is none. */
  fundRun(): Promise<FollowedFundRun | string>;
  /** A second fund run, over an unreadable file, once the first ended, or why there is none. */
  unreadableFundRun(): Promise<FollowedFundRun | string>;
  /** Parity's receiver, saved again before the fund run, or why there is none. */
  fundRunReceiver(): Promise<ConformanceReceiver | string>;
  /** Stops what the context started (parity's receiver). */
  close(): Promise<void>;
}

type Probe = (ctx: ProbeContext) => Promise<ProbeOutcome>;

/** Requests in the rate-limit burst: enough for limits of a few per second, bounded in time. */
export const BURST = 25;

const LIST = '/integration/projects';

const refusedCreation = (created: { answer: Exchange; recorded: RecordedParityExchange }): ProbeOutcome => ({
  touched: false,
  reason: `the company was not created: HTTP ${created.answer.status}`,
  exchange: created.recorded,
});

/** An error probe: one request, the answer's status and envelope code. */
const errorProbe =
  (request: Parameters<ParitySender['send']>[0] | (() => Parameters<ParitySender['send']>[0])): Probe =>
  async ({ sender }) => {
    const { answer, recorded } = await sender.send(typeof request === 'function' ? request() : request);
    return asError(answer, recorded);
  };

/** The burst: reads one after another until the first 429, at most BURST. Sent first, on a quiet key. */
export async function burst(sender: ParitySender): Promise<ProbeOutcome> {
  let last: { answer: Exchange; recorded: RecordedParityExchange } | undefined;
  for (let i = 0; i < BURST; i += 1) {
    last = await sender.once({ method: 'GET', path: LIST, query: { pageSize: '1' } });
    if (last.answer.status === 429) {
      const observation: RateLimitObservation = {
        kind: 'rate-limit',
        limitedAfter: i,
        retryAfter: last.answer.headers.get('retry-after'),
        code: envelopeCode(last.answer),
      };
      return { touched: true, observation, exchange: last.recorded };
    }
  }
  const none: RateLimitObservation = { kind: 'rate-limit', limitedAfter: null, retryAfter: null, code: null };
  return { touched: true, observation: none, exchange: last!.recorded };
}

/** A value of the first listed company's nested object (`projectowner.status`), as a word. */
const listedValue =
  (holder: string, name: string): Probe =>
  async (ctx) => {
    const { companies, recorded } = await ctx.listed();
    const first = companies[0];
    if (!first) return { touched: false, reason: 'the company list is empty', exchange: recorded };
    const values = { [name]: valueWord(first[holder] as Json | undefined, name) };
    return { touched: true, observation: { kind: 'values', values }, exchange: recorded };
  };

/** The fields of one part of the first company's full report beyond the `named` ones. */
const reportPartFields =
  (part: string, named: Set<string>): Probe =>
  async (ctx) => {
    const report = await ctx.fullReport();
    if (typeof report === 'string') return { touched: false, reason: report };
    const value = (report.answer.body as { data?: Json }).data?.[part];
    if (!value || typeof value !== 'object' || Array.isArray(value))
      return { touched: false, reason: `the full report's ${part} is not an object`, exchange: report.recorded };
    const extra: Json = {};
    for (const [name, field] of Object.entries(value as Json)) if (!named.has(name)) extra[name] = field;
    return { touched: true, observation: { kind: 'fields', extra }, exchange: report.recorded };
  };

/** The fields of projectDetail the contract names; any other is the deployment's. */
const NAMED_DETAIL_FIELDS = new Set(
  Object.keys(
    (contractDocument as unknown as { components: { schemas: Record<string, { properties?: object }> } }).components
      .schemas.ProjectDetail?.properties ?? {},
  ),
);

/** Fields of a company the creation did not give, each observed as a word. */
const FIELDS_NOT_GIVEN = [
  'companyIndustry',
  'companyCountry',
  'companyBusinessModel',
  'companyStage',
  'companyRevenueRange',
  'isVisible',
  'isPending',
  'isUnread',
  'processing',
  'analyses',
  'projectscores',
  'extraConfig',
];

/** The analysisData entries of the analysis detail parity reads. */
async function analysisEntries(
  ctx: ProbeContext,
): Promise<{ list: Json[]; recorded: RecordedParityExchange } | string> {
  const detail = await ctx.analysisDetail();
  if (typeof detail === 'string') return detail;
  const data = (detail.answer.body as { data?: { analysisData?: unknown } } | undefined)?.data?.analysisData;
  const list =
    data && typeof data === 'object'
      ? (Object.values(data) as unknown[]).filter((e): e is Json => !!e && typeof e === 'object')
      : [];
  return list.length === 0 ? 'the analysis detail has no analysisData entry' : { list, recorded: detail.recorded };
}

/** Headers of HTTP itself: not a deployment's choice of delivery headers. */
const HTTP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-type',
  'content-length',
  'transfer-encoding',
  'accept',
  'accept-encoding',
  'accept-language',
  'user-agent',
  'sec-fetch-mode',
  'expect',
  'te',
]);

/** Creates a company of this name whose analysis runs from this website alone. */
const createWithAnalysis = (sender: ParitySender, companyName: string, companyWebsite: string) =>
  sender.send({
    method: 'POST',
    path: '/integration/project',
    json: { companyName, projectType: 'projectAnalysisNoFile', companyWebsite },
  });
const DELIVERY_WAIT_MS = 10_000;

export const PROBES: Record<Exclude<GapProbeId, 'service.rate-limits'>, Probe> = {
  ...FUND_PROBES,
  ...DRIVE_PROBES,
  ...WEBHOOK_PROBES,
  ...PLACEHOLDER_PROBES,
  ...UPLOAD_PROBES,
  'errors.unknown-project': errorProbe(() => ({ method: 'GET', path: LIST, query: { id: randomUUID() } })),
  'errors.unknown-analysis': errorProbe(() => ({
    method: 'GET',
    path: '/integration/analysis/detail',
    query: { analysisId: randomUUID() },
  })),
  'errors.invalid-parameter': errorProbe({ method: 'GET', path: LIST, query: { page: '-1' } }),
  'errors.malformed-json': errorProbe(() => ({
    method: 'POST',
    path: '/integration/processmessage',
    rawJson: `{"projectId": "${randomUUID()}", "content": `,
  })),
  'companies.orderby-unknown-field': errorProbe({
    method: 'GET',
    path: LIST,
    query: { orderby: 'conformanceNoSuchField', pageSize: '1' },
  }),
  'companies.lookup-shape': async (ctx) => {
    const company = await ctx.firstCompany();
    if (!company) return { touched: false, reason: 'the company list is empty: there is no id to look up' };
    const { answer, recorded } = await ctx.sender.send({ method: 'GET', path: LIST, query: { id: company.id } });
    if (answer.status !== 200)
      return {
        touched: false,
        reason: `the lookup of ${company.id} answered HTTP ${answer.status}`,
        exchange: recorded,
      };
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    return { touched: true, observation: { kind: 'shape', shape: shapeOf(data) }, exchange: recorded };
  },
  'search.entry-fields': async (ctx) => {
    const company = await ctx.firstCompany();
    if (!company) return { touched: false, reason: 'the company list is empty: there is nothing to search for' };
    const { answer, recorded } = await ctx.sender.send({
      method: 'GET',
      path: '/integration/project/search',
      query: { keywords: company.companyName },
    });
    const entries = (answer.body as { data?: { data?: unknown } } | undefined)?.data?.data;
    if (answer.status !== 200 || !Array.isArray(entries) || entries.length === 0)
      return {
        touched: false,
        reason: `the search for "${company.companyName}" answered HTTP ${answer.status} with no entry`,
        exchange: recorded,
      };
    const extra: Record<string, unknown> = {};
    for (const entry of entries)
      if (entry && typeof entry === 'object')
        for (const [name, value] of Object.entries(entry as Record<string, unknown>))
          if (name !== 'id' && !(name in extra)) extra[name] = value;
    return { touched: true, observation: { kind: 'fields', extra }, exchange: recorded };
  },
  'search.keywords-matching': async (ctx) => {
    const company = await ctx.firstCompany();
    if (!company) return { touched: false, reason: 'the company list is empty: there is nothing to search for' };
    const name = company.companyName;
    const values: Record<string, string> = {};
    let exchange: RecordedParityExchange | undefined;
    const half = name.slice(0, Math.ceil(name.length / 2));
    // Spaces around first: a text no earlier probe searched for, however the deployment keeps results.
    const spellings: [string, string][] = [
      ['its first half with spaces around', `  ${half}  `],
      ['its first half', half],
      ['in upper case', name.toUpperCase()],
      ['as given', name],
    ];
    for (const [label, keywords] of spellings) {
      const { answer, recorded } = await ctx.sender.send({
        method: 'GET',
        path: '/integration/project/search',
        query: { keywords },
      });
      exchange ??= recorded;
      const entries = (answer.body as { data?: { data?: unknown } } | undefined)?.data?.data;
      values[label] =
        answer.status !== 200 || !Array.isArray(entries)
          ? `HTTP ${answer.status}`
          : entries.some((e) => isObject(e) && e.id === company.id)
            ? 'found'
            : 'not found';
    }
    return { touched: true, observation: { kind: 'values', values }, exchange: exchange! };
  },
  'companies.created-name-defaults': async (ctx) => {
    const created = await ctx.createdCompany();
    if (typeof created === 'string') return { touched: false, reason: created };
    const project = projectOf(created.answer);
    if (!project) return refusedCreation(created);
    return {
      touched: true,
      observation: {
        kind: 'values',
        values: {
          name: project.name === created.companyName ? 'companyName' : word(project, 'name'),
          companyWebsite: word(project, 'companyWebsite'),
        },
      },
      exchange: created.recorded,
    };
  },
  'companies.no-analysis-id': async (ctx) => {
    const created = await ctx.createdCompany();
    if (typeof created === 'string') return { touched: false, reason: created };
    const data = (created.answer.body as { data?: Record<string, unknown> } | undefined)?.data;
    if (!projectOf(created.answer) || !data) return refusedCreation(created);
    return {
      touched: true,
      observation: { kind: 'values', values: { analysisId: word(data, 'analysisId') } },
      exchange: created.recorded,
    };
  },
  'errors.unknown-project-report': errorProbe(() => ({
    method: 'GET',
    path: '/integration/retrievereport',
    query: { projectId: randomUUID(), analysisId: randomUUID() },
  })),
  'errors.unknown-project-message': errorProbe(() => ({
    method: 'POST',
    path: '/integration/processmessage',
    json: { projectId: randomUUID(), content: 'parity: a message to a company that does not exist' },
  })),
  'errors.analysis-of-other-project': async (ctx) => {
    const detail = await ctx.analysisDetail();
    if (typeof detail === 'string') return { touched: false, reason: detail };
    const other = (await ctx.listed()).companies.find((c) => typeof c.id === 'string' && c.id !== detail.companyId);
    if (!other) return { touched: false, reason: 'the company list shows one company: there is no other to ask' };
    const { answer, recorded } = await ctx.sender.send({
      method: 'GET',
      path: '/integration/retrievereport',
      query: { projectId: other.id as string, analysisId: detail.analysisId },
    });
    return asError(answer, recorded);
  },
  'companies.owner-status': listedValue('projectowner', 'status'),
  'companies.user-role': listedValue('projectUser', 'role'),
  'analysis.type': async (ctx) => {
    const { companies, recorded } = await ctx.listed();
    const summaries = companies.flatMap((c) => (Array.isArray(c.analyses) ? (c.analyses as Json[]) : []));
    if (summaries.length === 0)
      return { touched: false, reason: 'no listed company shows an analysis', exchange: recorded };
    const types = [...new Set(summaries.map((a) => valueWord(a, 'type')))].sort();
    return { touched: true, observation: { kind: 'values', values: { type: types.join(', ') } }, exchange: recorded };
  },
  'analysis.score-color': async (ctx) => {
    const detail = await ctx.analysisDetail();
    if (typeof detail === 'string') return { touched: false, reason: detail };
    const object = (detail.answer.body as { data?: { analysisObject?: Json } } | undefined)?.data?.analysisObject ?? {};
    const pairs: [number, unknown][] = [];
    for (const [key, score] of Object.entries(object)) {
      const code = /^projectfit_(.+)_score$/.exec(key)?.[1];
      if (code !== undefined && typeof score === 'number') pairs.push([score, object[`projectfit_${code}_scoreColor`]]);
    }
    if (pairs.length === 0)
      return { touched: false, reason: 'the analysis detail has no projectfit scores', exchange: detail.recorded };
    const rule = (score: number) => (score >= 7 ? 'green' : score >= 5 ? 'orange' : 'red');
    const scoreColor = pairs.every(([score, color]) => color === rule(score))
      ? SCORE_COLOR_RULE
      : pairs
          .sort(([a], [b]) => b - a)
          .map(([score, color]) => `${score}: ${typeof color === 'string' ? color.slice(0, 20) : String(color)}`)
          .join(', ');
    return { touched: true, observation: { kind: 'values', values: { scoreColor } }, exchange: detail.recorded };
  },
  'analysis.entry-type': async (ctx) => {
    const entries = await analysisEntries(ctx);
    if (typeof entries === 'string') return { touched: false, reason: entries };
    const types = [...new Set(entries.list.map((e) => valueWord(e, 'type')))].sort();
    return {
      touched: true,
      observation: { kind: 'values', values: { type: types.join(', ') } },
      exchange: entries.recorded,
    };
  },
  'analysis.entry-sources': async (ctx) => {
    const entries = await analysisEntries(ctx);
    if (typeof entries === 'string') return { touched: false, reason: entries };
    const items = entries.list.flatMap((e) => (Array.isArray(e.sources) ? e.sources : []));
    const kinds = [
      ...new Set(items.map((i) => (typeof i === 'string' ? 'strings' : shapeOf(i) === 'object' ? 'objects' : 'other'))),
    ];
    if (items.length === 0)
      return {
        touched: false,
        reason: 'the entries list no source: the shape of an item cannot be seen',
        exchange: entries.recorded,
      };
    const sources = kinds.sort().join(', ');
    return { touched: true, observation: { kind: 'values', values: { sources } }, exchange: entries.recorded };
  },
  'fullreport.project-detail-fields': reportPartFields('projectDetail', NAMED_DETAIL_FIELDS),
  'fullreport.vote-summary-fields': reportPartFields('projectvotesummary', new Set()),
  'fullreport.company-event-fields': reportPartFields('eventsConfigsRelevantCompanyEvent', new Set()),
  'fullreport.reporting-cycle': async (ctx) => {
    const report = await ctx.fullReport();
    if (typeof report === 'string') return { touched: false, reason: report };
    const cycle = (report.answer.body as { data?: { reportingCycle?: unknown } }).data?.reportingCycle;
    if (!cycle || typeof cycle !== 'object')
      return { touched: false, reason: 'the full report has no reportingCycle object', exchange: report.recorded };
    const values = Object.fromEntries(
      ['cadence', 'sourceName', 'currentCycle', 'nextCycle'].map((name) => [name, word(cycle as Json, name)]),
    );
    return { touched: true, observation: { kind: 'values', values }, exchange: report.recorded };
  },
  'companies.placeholder-values': async (ctx) => {
    const created = await ctx.createdRecord();
    if (typeof created === 'string') return { touched: false, reason: created };
    const values = Object.fromEntries(
      ['companyWebsite', 'companyEmail', 'companyLegalName'].map((name) => [
        name,
        name in created.record ? formOf(created.record[name], created.companyName) : 'absent',
      ]),
    );
    return { touched: true, observation: { kind: 'values', values }, exchange: created.recorded };
  },
  'companies.fields-not-given': async (ctx) => {
    const created = await ctx.createdRecord();
    if (typeof created === 'string') return { touched: false, reason: created };
    const values = Object.fromEntries(FIELDS_NOT_GIVEN.map((name) => [name, valueWord(created.record, name)]));
    return { touched: true, observation: { kind: 'values', values }, exchange: created.recorded };
  },
  'companies.initial-status': async (ctx) => {
    const created = await ctx.createdRecord();
    if (typeof created === 'string') return { touched: false, reason: created };
    const code = (name: string) => valueWord(created.record[name] as Json | undefined, 'code');
    return {
      touched: true,
      observation: {
        kind: 'values',
        values: { projectstatus: code('projectstatus'), projectphase: code('projectphase') },
      },
      exchange: created.recorded,
    };
  },
  'funds.run-unknown-folder': async (ctx) => {
    if (!ctx.allowWrites)
      return {
        touched: false,
        reason: 'asks for a fund run (refused unless the deployment is broken): pass --allow-writes',
      };
    const { answer, recorded } = await ctx.sender.send({
      method: 'POST',
      path: '/integrationfund/fund/run',
      json: { name: 'parity: a folder never uploaded', folderPath: `parity-${randomUUID()}` },
    });
    return asError(answer, recorded);
  },
  'companies.other-user-lookup': async (ctx) => {
    if (!ctx.hasSecondKey) return { touched: false, reason: "needs another user's API key: pass --second-api-key" };
    const company = await ctx.firstCompany();
    if (!company)
      return { touched: false, reason: 'the company list is empty: there is no company to ask for as another user' };
    const { answer, recorded } = await ctx.sender.send({
      method: 'GET',
      path: LIST,
      query: { id: company.id },
      auth: 'secondKey',
    });
    return asError(answer, recorded);
  },
  'analysis.processing-while-running': async (ctx) => {
    const analysed = await ctx.analysedCompany();
    if (typeof analysed === 'string') return { touched: false, reason: analysed };
    const followed = await ctx.followedAnalysis();
    if (typeof followed === 'string' || followed.whileRunning.length === 0)
      return {
        touched: false,
        reason: `the analysis was not seen under way (${analysisStatuses(analysed.readBack.record).join(', ') || 'no analysis listed'} when read back at once)`,
        exchange: analysed.readBack.recorded,
      };
    const processing = [...new Set(followed.whileRunning)].sort().join(', ');
    return {
      touched: true,
      observation: { kind: 'values', values: { processing } },
      exchange: analysed.readBack.recorded,
    };
  },
  'analysis.statuses': async (ctx) => {
    const followed = await ctx.followedAnalysis();
    if (typeof followed === 'string') return { touched: false, reason: followed };
    if (followed.ended === undefined)
      return { touched: false, reason: 'the analysis did not end in time', exchange: followed.last.recorded };
    const unseen = unseenStatuses(followed, 'the company', 'while its analysis ran');
    if (unseen) return unseen;
    return {
      touched: true,
      observation: { kind: 'values', values: { statuses: followed.statuses.join(', ') } },
      exchange: followed.last.recorded,
    };
  },
  'companies.email-placeholder-with-website': async (ctx) => {
    const analysed = await ctx.analysedCompany();
    if (typeof analysed === 'string') return { touched: false, reason: analysed };
    const { record } = analysed.readBack;
    const website = typeof record.companyWebsite === 'string' ? record.companyWebsite : '';
    let host = '';
    try {
      host = new URL(website).hostname;
    } catch {
      // No host to name: the email's form keeps its text.
    }
    const companyEmail = formWith(record.companyEmail, { '{website host}': host });
    return {
      touched: true,
      observation: { kind: 'values', values: { companyEmail } },
      exchange: analysed.readBack.recorded,
    };
  },
  'analysis.project-scores': async (ctx) => {
    const analysed = await ctx.analysedCompany();
    if (typeof analysed === 'string') return { touched: false, reason: analysed };
    const followed = await ctx.followedAnalysis();
    if (typeof followed === 'string') return { touched: false, reason: followed };
    const first = analysed.readBack.record;
    if (
      followed.ended !== 'completed' ||
      analysisStatuses(first).every((status) => FINAL_ANALYSIS_STATUSES.has(status))
    )
      return {
        touched: false,
        reason: 'the analysis was not read both under way and completed',
        exchange: followed.last.recorded,
      };
    const count = (record: Json) => {
      const scores = Array.isArray(record.projectscores) ? record.projectscores : undefined;
      return scores === undefined
        ? valueWord(record, 'projectscores')
        : scores.length === 1
          ? 'one'
          : String(scores.length);
    };
    const values = { 'read back at once': count(first), 'when completed': count(followed.last.record) };
    return { touched: true, observation: { kind: 'values', values }, exchange: followed.last.recorded };
  },
  'analysis.unreachable-website': async (ctx) => {
    const read = await ctx.unreachableAnalysis();
    if (typeof read === 'string') return { touched: false, reason: read };
    return endsAs(read, 'an unreachable website');
  },
  'webhooks.delivery-headers': async (ctx) => {
    const analysed = await ctx.analysedCompany();
    if (typeof analysed === 'string') return { touched: false, reason: analysed };
    const { receiver } = analysed;
    if (typeof receiver === 'string') return { touched: false, reason: receiver };
    const followed = await ctx.followedAnalysis();
    if (typeof followed === 'string') return { touched: false, reason: followed };
    const last = followed.last;
    if (followed.ended !== 'completed')
      return {
        touched: false,
        reason:
          followed.ended === 'failed'
            ? 'the analysis ended failed: no analysisCompleted is sent'
            : `the analysis did not end within ${ANALYSIS_WAIT_MS / 1000} s`,
        exchange: last.recorded,
      };
    const ofIt = () =>
      receiver.received.find((d) => {
        const data = isObject(d.body) && d.body.event === 'analysisCompleted' ? d.body.data : undefined;
        return isObject(data) && (data.analysisId === analysed.analysisId || data.projectId === analysed.projectId);
      });
    for (const deadline = Date.now() + DELIVERY_WAIT_MS; !ofIt() && Date.now() < deadline; ) await sleep(100);
    const delivery = ofIt();
    if (!delivery)
      return {
        touched: false,
        reason: `no analysisCompleted of the analysis reached parity's receiver within ${DELIVERY_WAIT_MS / 1000} s`,
        exchange: last.recorded,
      };
    const extra = Object.fromEntries(
      Object.entries(delivery.headers)
        // The mock's own notes are headers beyond HTTP's too; only the run's own session is left out.
        .filter(([name, value]) => !HTTP_HEADERS.has(name) && !(name === 'x-mock-session' && value === ctx.session))
        .map(([name, value]) => [name, value.slice(0, 200)]),
    );
    return { touched: true, observation: { kind: 'fields', extra }, exchange: last.recorded };
  },
};

export interface ContextOptions {
  baseUrl: string;
  allowWrites: boolean;
  hasAccessToken: boolean;
  /** Another user's API key was given (--second-api-key). */
  hasSecondKey: boolean;
  /** What one company analysis costs on the deployment (--analysis-cost): one is started only with it. */
  analysisCost?: number;
  /** Where parity's receiver listens, reachable by the deployment (--receiver-host). */
  receiverHost?: string;
  /** A folder at the root of the user's connected drive, linked to no company (--drive-folder-name). */
  driveFolderName?: string;
  /** A folder of the user's connected drive by its id (--drive-folder-id). */
  driveFolderId?: string;
  /** A name two folders at the root of the user's connected drive share (--drive-shared-folder-name). */
  driveSharedFolderName?: string;
  /** The X-Mock-Session parity's requests name (--session): a stateful mock repeats it on deliveries. */
  session?: string;
  /** Start one fund run over one small PDF, name and folder alone (--fund-run: the run's cost and its companies). */
  startFundRun?: boolean;
}

/** The probes' context: each shared read (or the one creation) is sent once, when a probe first needs it. */
export function probeContext(sender: ParitySender, options: ContextOptions): ProbeContext {
  const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const LIST_PATH = '/integration/projects';
  const firstCompany = once(() =>
    sender.send({ method: 'GET', path: LIST_PATH, query: { pageSize: '1' } }).then(({ answer }) => {
      const found = (answer.body as { data?: unknown } | undefined)?.data;
      const one = Array.isArray(found) ? (found[0] as { id?: unknown; companyName?: unknown } | undefined) : undefined;
      return typeof one?.id === 'string' && typeof one.companyName === 'string'
        ? { id: one.id, companyName: one.companyName }
        : undefined;
    }),
  );
  const listed = once(async () => {
    const { answer, recorded } = await sender.send({ method: 'GET', path: LIST_PATH, query: { pageSize: '20' } });
    const found = (answer.body as { data?: unknown } | undefined)?.data;
    const companies =
      answer.status === 200 && Array.isArray(found) ? found.filter((c): c is Json => !!c && typeof c === 'object') : [];
    return { companies, recorded };
  });
  const analysisDetail = once(async (): Promise<(Sent & { companyId: string; analysisId: string }) | string> => {
    const { companies } = await listed();
    for (const company of companies) {
      const done = (Array.isArray(company.analyses) ? (company.analyses as Json[]) : []).find(
        (a) => a.status === 'completed' && typeof a.id === 'string',
      );
      if (!done || typeof company.id !== 'string') continue;
      const sent = await sender.send({
        method: 'GET',
        path: '/integration/analysis/detail',
        query: { analysisId: done.id as string },
      });
      if (sent.answer.status !== 200)
        return `the detail of completed analysis ${String(done.id)} answered HTTP ${sent.answer.status}`;
      return { ...sent, companyId: company.id, analysisId: done.id as string };
    }
    return 'no company on the first page of the list shows a completed analysis';
  });
  const createdCompany = once(async (): Promise<Awaited<ReturnType<ProbeContext['createdCompany']>>> => {
    if (!options.allowWrites) return 'creates a company (projectNoAnalysis, no credits): pass --allow-writes';
    const companyName = `parity-${Date.now().toString(36)} defaults`;
    const sent = await sender.send({
      method: 'POST',
      path: '/integration/project',
      json: { companyName, projectType: 'projectNoAnalysis' },
    });
    return { ...sent, companyName };
  });
  const createdRecord = once(async (): Promise<(Sent & { record: Json; companyName: string }) | string> => {
    const created = await createdCompany();
    if (typeof created === 'string') return created;
    const project = projectOf(created.answer);
    if (!project || typeof project.id !== 'string') return `the company was not created: HTTP ${created.answer.status}`;
    const sent = await sender.send({ method: 'GET', path: LIST_PATH, query: { id: project.id } });
    const record = lookedUp(sent.answer);
    if (!record) return `the lookup of the created company ${project.id} answered HTTP ${sent.answer.status}`;
    return { ...sent, record, companyName: created.companyName };
  });
  const fullReport = once(async (): Promise<Sent | string> => {
    const company = await firstCompany();
    if (!company) return 'the company list is empty: there is no report to read';
    const sent = await sender.send({
      method: 'GET',
      path: '/integration/project/fullreport',
      query: { projectId: company.id },
    });
    const data = (sent.answer.body as { data?: unknown } | undefined)?.data;
    return sent.answer.status === 200 && data && typeof data === 'object'
      ? sent
      : `the full report of ${company.id} answered HTTP ${sent.answer.status}`;
  });
  let receiver: ConformanceReceiver | undefined;
  const analysedCompany = once(async (): Promise<AnalysedCompany | string> => {
    if (!options.allowWrites || options.analysisCost === undefined)
      return 'starts one company analysis: pass --allow-writes and --analysis-cost N (what one costs on this deployment)';
    let hooked: ConformanceReceiver | string =
      "needs a receiver the deployment can reach and the webhook calls' token: pass --receiver-host and --access-token";
    if (options.receiverHost && options.hasAccessToken) {
      const free = await noWebhookSaved({ sender, ...options });
      if (free !== true) hooked = free.touched ? 'a webhook configuration is saved' : free.reason;
      else {
        receiver = await startReceiver(options.receiverHost, 0, 'parity-receiver');
        const saved = await saveReceiver({ sender }, receiver.url, true);
        if (saved.answer.status < 200 || saved.answer.status >= 300)
          hooked = `saving parity's receiver ${receiver.url} answered HTTP ${saved.answer.status}`;
        else hooked = receiver;
      }
    }
    const stamp = Date.now().toString(36);
    const created = await createWithAnalysis(sender, `parity-${stamp} analysis`, `https://parity-${stamp}.example`);
    const project = projectOf(created.answer);
    const data = (created.answer.body as { data?: Json } | undefined)?.data;
    if (!project || typeof project.id !== 'string')
      return `the company with an analysis was not created: HTTP ${created.answer.status}`;
    // A second analysis, of a website that cannot exist (.invalid never resolves), runs beside it.
    const unreachable = await createWithAnalysis(
      sender,
      `parity-${stamp} unreachable`,
      `https://parity-${stamp}-unreadable.invalid`,
    );
    const unreachableId = projectOf(unreachable.answer)?.id;
    const readStartedAt = Date.now();
    const read = await sender.send({ method: 'GET', path: LIST_PATH, query: { id: project.id } });
    const record = lookedUp(read.answer);
    if (!record) return `the lookup of the company with an analysis answered HTTP ${read.answer.status}`;
    return {
      projectId: project.id,
      analysisId: typeof data?.analysisId === 'string' ? data.analysisId : undefined,
      readBack: { ...read, record },
      readStartedAt,
      receiver: hooked,
      unreachable:
        typeof unreachableId === 'string'
          ? { id: unreachableId }
          : `the company of an unreachable website was not created: HTTP ${unreachable.answer.status}`,
    };
  });
  // The unreachable website's company, read once the first analysis ended, then until its own ends.
  const unreachableAnalysis = once(async (): Promise<AnalysisEnd | string> => {
    const analysed = await analysedCompany();
    if (typeof analysed === 'string') return analysed;
    if (typeof analysed.unreachable === 'string') return analysed.unreachable;
    const { id } = analysed.unreachable;
    await followedAnalysis();
    const read = await readUntilAnalysisEnds(sender, id);
    if (!read.record) return `the lookup of the company of an unreachable website answered HTTP ${read.answer.status}`;
    return read;
  });
  const followedAnalysis = once(async (): Promise<FollowedAnalysis | string> => {
    const analysed = await analysedCompany();
    if (typeof analysed === 'string') return analysed;
    let last = analysed.readBack;
    const whileRunning: string[] = [];
    const statuses: string[] = [];
    const waitsBefore = sender.rateLimited.waits;
    const begin = Date.now();
    let lastStart = begin;
    let longestGapMs = 0;
    // As for the fund run: the span from one read's start to the next one's end.
    let previousStart = analysed.readStartedAt;
    const seen = (ended: FollowedAnalysis['ended']): FollowedAnalysis => ({
      last,
      ended,
      whileRunning,
      statuses,
      rateLimited: sender.rateLimited.waits > waitsBefore,
      longestGapMs,
      elapsedMs: lastStart - begin,
    });
    for (;;) {
      const now = analysisStatuses(last.record);
      if (now.length > 0 && statuses.at(-1) !== now.join(' and ')) statuses.push(now.join(' and '));
      if (now.includes('failed')) return seen('failed');
      if (allFinal(now)) return seen('completed');
      whileRunning.push(valueWord(last.record, 'processing'));
      const waited = Date.now() - begin;
      if (waited > ANALYSIS_WAIT_MS) return seen(undefined);
      await nextRead(waited);
      const start = Date.now();
      lastStart = start;
      const sent = await sender.send({ method: 'GET', path: LIST_PATH, query: { id: analysed.projectId } });
      longestGapMs = Math.max(longestGapMs, Date.now() - previousStart);
      previousStart = start;
      const record = lookedUp(sent.answer);
      if (record) last = { ...sent, record };
    }
  });
  // Parity's receiver of the analysis, when there is one (the fund run's delivery is awaited there).
  const fundRunReceiver = async (): Promise<ConformanceReceiver | string> => {
    const analysed = await analysedCompany();
    return typeof analysed === 'string'
      ? `needs parity's receiver, saved with the analysis: ${analysed}`
      : analysed.receiver;
  };
  const fundRun = once(async (): Promise<FollowedFundRun | string> => {
    if (!options.allowWrites || !options.startFundRun)
      return 'starts one fund run (its credits, and a company record per portfolio company it finds): pass --allow-writes and --fund-run';
    // The receiver spellings saved others since: parity's receiver is saved again (parity's own
    // configuration, analysisCompleted alone) so the run's fundAnalysisCompleted can reach it.
    const hooked = options.receiverHost && options.hasAccessToken ? await fundRunReceiver() : undefined;
    if (hooked !== undefined && typeof hooked !== 'string') await saveReceiver({ sender }, hooked.url, true);
    return followFundRun(sender, listed);
  });
  const unreadableFundRun = once(async (): Promise<FollowedFundRun | string> => {
    const first = await fundRun();
    if (typeof first === 'string') return first;
    return followFundRun(sender, async () => ({ companies: [] }), true);
  });
  const close = async () => {
    await receiver?.close();
  };
  return {
    sender,
    ...options,
    firstCompany,
    listed,
    analysisDetail,
    fullReport,
    createdCompany,
    createdRecord,
    analysedCompany,
    followedAnalysis,
    unreachableAnalysis,
    fundRun,
    unreadableFundRun,
    fundRunReceiver,
    close,
  };
}
