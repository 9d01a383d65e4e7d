// `--gap-profile <parity.json>`: the mock answers like a team's deployment where the specification
// is silent, for the behaviours of GAP_PROBES that a profile can set (common/src/gap-profile.ts):
// error statuses and codes (matched by the mock's X-Mock-Gap text and its own code), the shape of
// the company list called with id, extra fields of search entries, and a rate limit. Each answer so
// changed says so in X-Mock-Gap: "<open fact>: as in the gap profile of <deployment>".
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GAP_PROBES,
  type GapObservation,
  type GapProbeFacts,
  type GapProbeId,
  type GapProfile,
  parseGapProfile,
} from '../../common/src/index.ts';
import { projectView } from './domain/project-views.ts';
import { errorEnvelope } from './http/envelope.ts';
import { mockRequestOf } from './http/fastify-request.ts';
import { GAP_HEADER } from './http/gap-header.ts';
import type { SessionSource } from './sessions/session-source.ts';

export type { GapProfile } from '../../common/src/index.ts';

/**
 * The profile in a parity report file, or an Error whose message is one line.
 *
 * @example
 * const gapProfile = await readGapProfile('parity/parity.json');
 * await startMock({ port: 0, gapProfile });
 */
export async function readGapProfile(file: string): Promise<GapProfile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the gap profile ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new Error(`the gap profile ${file} is not JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  try {
    return parseGapProfile(json);
  } catch (error) {
    throw new Error(`the gap profile ${file} cannot be used: ${(error as Error).message}`);
  }
}

/** The JSON of a payload, or undefined (a HEAD answer's empty one). */
function parsed<T>(payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}

/** Header values stay printable ASCII. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

interface Window {
  start: number;
  count: number;
}

/** Installs the profile's answers on the app's service routes under apiPrefix. */
export function installGapProfile(
  app: FastifyInstance,
  profile: GapProfile,
  sessions: SessionSource,
  apiPrefix: string,
): void {
  // The open fact keeps its name; the mock's own choice after it (`<fact>: the mock ...`) gives way.
  const fromProfile = (gap: string) => `${gap.split(': ')[0]}: as in the gap profile of ${printable(profile.source)}`;
  const answers = Object.entries(profile.answers) as [GapProbeId, GapObservation][];
  const errors = answers.flatMap(([id, answer]) => {
    const facts: GapProbeFacts = GAP_PROBES[id];
    return answer.kind === 'error' && facts.mock.kind === 'error' && facts.mockGap
      ? [{ gap: facts.mockGap, mockCode: facts.mock.code, answer }]
      : [];
  });
  const lookup = profile.answers['companies.lookup-shape'];
  const search = profile.answers['search.entry-fields'];
  const rate = profile.answers['service.rate-limits'];

  if (rate?.kind === 'rate-limit' && rate.limitedAfter !== null) {
    const limit = rate.limitedAfter;
    const windowMs = Number(rate.retryAfter) * 1000;
    const windows = new Map<string, Window>();
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith(`${apiPrefix}/`)) return;
      const now = Date.now();
      // A caller is its session and credentials; the table is emptied rather than grown without bound.
      if (windows.size > 10_000) windows.clear();
      const key = `${String(request.headers['x-mock-session'] ?? '')} ${String(request.headers.authorization ?? '')}`;
      let window = windows.get(key);
      if (!window || now - window.start >= windowMs) windows.set(key, (window = { start: now, count: 0 }));
      window.count += 1;
      if (window.count <= limit) return;
      const seconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      return reply
        .code(429)
        .headers({ 'retry-after': String(seconds), [GAP_HEADER]: fromProfile('request rate limits') })
        .send(errorEnvelope(rate.code ?? 'MOCK_RATE_LIMITED', 'Too many requests', `Retry after ${seconds} s`));
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const header = reply.getHeader(GAP_HEADER);
    if (typeof header !== 'string' || typeof payload !== 'string' || !request.url.startsWith(`${apiPrefix}/`))
      return payload;
    const gaps = header.split('; ');
    const rewrite = (gap: string) =>
      reply.header(GAP_HEADER, gaps.map((one) => (one === gap ? fromProfile(one) : one)).join('; '));
    if (reply.statusCode >= 400) {
      const body = parsed<{ code?: unknown }>(payload);
      const matched = errors.find(({ gap, mockCode }) => gaps.includes(gap) && body?.code === mockCode);
      if (!body || !matched) return payload;
      rewrite(matched.gap);
      reply.code(matched.answer.status);
      return JSON.stringify(
        matched.answer.code === null ? { ...body, code: undefined } : { ...body, code: matched.answer.code },
      );
    }
    const lookupGap = GAP_PROBES['companies.lookup-shape'].mockGap;
    if (lookup?.kind === 'shape' && lookup.shape === 'array' && gaps.includes(lookupGap)) {
      const body = parsed<{ data?: unknown }>(payload);
      if (!body) return payload;
      rewrite(lookupGap);
      return JSON.stringify({ ...body, data: [body.data] });
    }
    const searchGap = GAP_PROBES['search.entry-fields'].mockGap;
    if (search?.kind === 'fields' && gaps.includes(searchGap)) {
      const body = parsed<{ data: { data: { id: string }[] } }>(payload);
      if (!body) return payload;
      const { state } = sessions.sessionFor(mockRequestOf(request));
      body.data.data = body.data.data.map(({ id }) => {
        const record = state.projects.get(id);
        const view = (record ? projectView(state, record) : {}) as Record<string, unknown>;
        // A field the company record has is copied from it; another keeps the deployment's example value.
        const extra = Object.fromEntries(
          Object.entries(search.extra).map(([name, example]) => [name, name in view ? view[name] : example]),
        );
        return { ...extra, id };
      });
      rewrite(searchGap);
      return JSON.stringify(body);
    }
    return payload;
  });
}
