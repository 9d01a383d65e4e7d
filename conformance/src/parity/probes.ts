// How parity reaches each open behaviour of GAP_PROBES on a deployment, read only: the request
// that provokes it and what of the answer is the deployment's choice. A behaviour the deployment's
// data does not let a read reach (no company to look up) is "not touched", with the reason.
import { randomUUID } from 'node:crypto';
import type { GapObservation, GapProbeId, RateLimitObservation } from '../../../common/src/index.ts';
import type { Exchange } from '../live/exchange.ts';
import { envelopeCode, type ParitySender, type RecordedParityExchange } from './sender.ts';

export type ProbeOutcome =
  | { touched: true; observation: GapObservation; exchange: RecordedParityExchange }
  | { touched: false; reason: string; exchange?: RecordedParityExchange };

export interface ProbeContext {
  sender: ParitySender;
  hasAccessToken: boolean;
  /** The company created once with projectNoAnalysis and no name or website (--allow-writes), or why not. */
  createdCompany(): Promise<{ answer: Exchange; recorded: RecordedParityExchange; companyName: string } | string>;
  /** The first company of the deployment's list, asked once; undefined when it lists none. */
  firstCompany(): Promise<{ id: string; companyName: string } | undefined>;
}

type Probe = (ctx: ProbeContext) => Promise<ProbeOutcome>;

/** Requests in the rate-limit burst: enough for limits of a few per second, bounded in time. */
export const BURST = 25;

const LIST = '/integration/projects';

function asError(answer: Exchange, exchange: RecordedParityExchange): ProbeOutcome {
  return { touched: true, observation: { kind: 'error', status: answer.status, code: envelopeCode(answer) }, exchange };
}

function shapeOf(value: unknown): 'object' | 'array' | 'null' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : 'other';
}

/** A value as the word the report compares: absent, null, empty, an id (a non-empty string), or its type. */
function word(holder: Record<string, unknown>, name: string): string {
  if (!(name in holder)) return 'absent';
  const value = holder[name];
  if (value === null) return 'null';
  if (value === '') return 'empty';
  return typeof value === 'string' ? 'a string' : typeof value;
}

function projectOf(answer: Exchange): Record<string, unknown> | undefined {
  const project = (answer.body as { data?: { project?: unknown } } | undefined)?.data?.project;
  return answer.status >= 200 && answer.status < 300 && project && typeof project === 'object'
    ? (project as Record<string, unknown>)
    : undefined;
}

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

export const PROBES: Record<Exclude<GapProbeId, 'service.rate-limits'>, Probe> = {
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
  'webhooks.read-before-save': async (ctx) => {
    if (!ctx.hasAccessToken) return { touched: false, reason: 'needs the webhook calls’ token: pass --access-token' };
    const { answer, recorded } = await ctx.sender.send({ method: 'GET', path: '/integration/webhook', auth: 'bearer' });
    const data = (answer.body as { data?: unknown } | undefined)?.data;
    if (answer.status === 200 && data !== null && data !== undefined)
      return {
        touched: false,
        reason: 'a webhook configuration is saved: the answer before any is saved cannot be read',
        exchange: recorded,
      };
    return {
      touched: true,
      observation: { kind: 'shape', shape: answer.status === 200 ? 'null' : 'other' },
      exchange: recorded,
    };
  },
};
