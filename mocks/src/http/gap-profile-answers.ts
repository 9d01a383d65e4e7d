// A gap profile's answers over plain values, for both faces of the mock: the HTTP mock's Fastify
// hooks (gap-profile.ts) and the MSW handlers' fetch (msw/profiled-fetch.ts). Which behaviours a
// profile can set, and the mock's own choice at each, are in common/src/gap-profile.ts (GAP_PROBES).
import {
  GAP_PROBES,
  type GapObservation,
  type GapProbeFacts,
  type GapProbeId,
  type GapProfile,
  REPORT_PART_FIELDS,
} from '../../../common/src/index.ts';
import { errorEnvelope } from './envelope.ts';
import { GAP_HEADER } from './gap-header.ts';

/** An answer the profile sets: status, `X-Mock-Gap` value and JSON body text. */
export interface ProfiledAnswer {
  status: number;
  gapHeader: string;
  body: string;
}

/** The mock's answer to a service call, as the profile may change it. */
export interface MockAnswer {
  status: number;
  /** The operation's path under the API (`/integration/retrievereport`): some error answers are limited to operations. */
  path: string;
  /** The answer's `X-Mock-Gap` value: only an answer that names a gap can change. */
  gapHeader: string;
  body: string;
  /** The company record's listed fields, for extra fields of search entries copied from it. */
  companyView: (id: string) => Record<string, unknown>;
}

export interface GapProfileAnswers {
  /** The 429 answer when this caller (its session and credentials) is over the profile's rate, else undefined. */
  rateLimited(caller: string, now: number): { status: 429; headers: Record<string, string>; body: string } | undefined;
  /** The answer as the deployment gives it, or undefined where the profile keeps the mock's. */
  rewrite(answer: MockAnswer): ProfiledAnswer | undefined;
}

/** Header values stay printable ASCII. */
const printable = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 200);

/** The JSON of a payload, or undefined (a HEAD answer's empty one). */
function parsed<T>(payload: string): T | undefined {
  try {
    return JSON.parse(payload) as T;
  } catch {
    return undefined;
  }
}

/** A caller's requests in the current window of the rate limit. */
interface Window {
  start: number;
  count: number;
}

/**
 * The answers of a parsed gap profile (parseGapProfile).
 *
 * @example
 * const answers = gapProfileAnswers(profile);
 * answers.rateLimited('session key', Date.now()); // { status: 429, headers: { 'retry-after': '3', ... }, body } or undefined
 */
export function gapProfileAnswers(profile: GapProfile): GapProfileAnswers {
  // The open fact keeps its name; the mock's own choice after it (`<fact>: the mock ...`) gives way.
  const fromProfile = (gap: string) => `${gap.split(': ')[0]}: as in the gap profile of ${printable(profile.source)}`;
  const answers = Object.entries(profile.answers) as [GapProbeId, GapObservation][];
  // An answer limited to some operations comes before one for every operation naming the same gap.
  const errors = answers
    .flatMap(([id, answer]) => {
      const facts: GapProbeFacts = GAP_PROBES[id];
      return answer.kind === 'error' && facts.mock.kind === 'error' && facts.mockGap
        ? [{ gap: facts.mockGap, mockCode: facts.mock.code, paths: facts.paths, answer }]
        : [];
    })
    .sort((a, b) => Number(!a.paths) - Number(!b.paths));
  const lookup = profile.answers['companies.lookup-shape'];
  const search = profile.answers['search.entry-fields'];
  const partFields = (Object.entries(REPORT_PART_FIELDS) as [keyof typeof REPORT_PART_FIELDS, string][]).flatMap(
    ([id, part]) => {
      const answer = profile.answers[id];
      return answer?.kind === 'fields' ? [{ part, gap: GAP_PROBES[id].mockGap, extra: answer.extra }] : [];
    },
  );
  const rate = profile.answers['service.rate-limits'];
  const windows = new Map<string, Window>();

  return {
    rateLimited(caller, now) {
      if (rate?.kind !== 'rate-limit' || rate.limitedAfter === null) return undefined;
      const windowMs = Number(rate.retryAfter) * 1000;
      // The table is emptied rather than grown without bound.
      if (windows.size > 10_000) windows.clear();
      let window = windows.get(caller);
      if (!window || now - window.start >= windowMs) windows.set(caller, (window = { start: now, count: 0 }));
      window.count += 1;
      if (window.count <= rate.limitedAfter) return undefined;
      const seconds = Math.max(1, Math.ceil((window.start + windowMs - now) / 1000));
      return {
        status: 429,
        headers: { 'retry-after': String(seconds), [GAP_HEADER]: fromProfile('request rate limits') },
        body: JSON.stringify(
          errorEnvelope(rate.code ?? 'MOCK_RATE_LIMITED', 'Too many requests', `Retry after ${seconds} s`),
        ),
      };
    },

    rewrite({ status, path, gapHeader, body: payload, companyView }) {
      const gaps = gapHeader.split('; ');
      const rewritten = (gap: string) => gaps.map((one) => (one === gap ? fromProfile(one) : one)).join('; ');
      if (status >= 400) {
        const body = parsed<{ code?: unknown }>(payload);
        const matched = errors.find(
          ({ gap, mockCode, paths }) =>
            gaps.includes(gap) && body?.code === mockCode && (!paths || paths.includes(path)),
        );
        if (!body || !matched) return undefined;
        return {
          status: matched.answer.status,
          gapHeader: rewritten(matched.gap),
          body: JSON.stringify(
            matched.answer.code === null ? { ...body, code: undefined } : { ...body, code: matched.answer.code },
          ),
        };
      }
      const lookupGap = GAP_PROBES['companies.lookup-shape'].mockGap;
      if (lookup?.kind === 'shape' && lookup.shape === 'array' && gaps.includes(lookupGap)) {
        const body = parsed<{ data?: unknown }>(payload);
        if (!body) return undefined;
        return { status, gapHeader: rewritten(lookupGap), body: JSON.stringify({ ...body, data: [body.data] }) };
      }
      const searchGap = GAP_PROBES['search.entry-fields'].mockGap;
      if (search?.kind === 'fields' && gaps.includes(searchGap)) {
        const body = parsed<{ data: { data: { id: string }[] } }>(payload);
        if (!body) return undefined;
        body.data.data = body.data.data.map(({ id }) => {
          const view = companyView(id);
          // A field the company record has is copied from it; another keeps the deployment's example value.
          const extra = Object.fromEntries(
            Object.entries(search.extra).map(([name, example]) => [name, name in view ? view[name] : example]),
          );
          return { ...extra, id };
        });
        return { status, gapHeader: rewritten(searchGap), body: JSON.stringify(body) };
      }
      const parts = partFields.filter(({ gap }) => gaps.includes(gap));
      if (parts.length > 0) {
        const body = parsed<{ data?: Record<string, unknown> }>(payload);
        const data = body?.data;
        if (!data) return undefined;
        // The deployment's extra fields, with its example values; the named ones stay the record's.
        for (const { part, extra } of parts) {
          const value = data[part];
          if (value && typeof value === 'object' && !Array.isArray(value))
            data[part] = { ...structuredClone(extra), ...value };
        }
        const header = [...new Set(parts.map(({ gap }) => gap))].reduce(
          (text, gap) =>
            text
              .split('; ')
              .map((one) => (one === gap ? fromProfile(one) : one))
              .join('; '),
          gapHeader,
        );
        return { status, gapHeader: header, body: JSON.stringify(body) };
      }
      return undefined;
    },
  };
}
