// A correct deployment whose choices differ from the mock's wherever parity looks (issue 25,
// part 4): a proxy in front of the mock (broken-proxy.ts) answering the open behaviours as a
// real service plausibly would. GAP_DOUBLE_CHOICES is what parity must report for each.
import type { GapObservation, GapProbeId } from '../../../common/src/index.ts';
import type { Break, ProxiedAnswer, ProxiedRequest } from './broken-proxy.ts';

const LIST = '/api/integration/projects';
const LIMIT = 10;
const WINDOW_S = 1;

/** The deployment's choice per behaviour, as parity observes it. */
export const GAP_DOUBLE_CHOICES: Partial<Record<GapProbeId, GapObservation>> = {
  'errors.unknown-project': { kind: 'error', status: 404, code: 'Error100' },
  'errors.unknown-analysis': { kind: 'error', status: 400, code: 'Error400' },
  'errors.invalid-parameter': { kind: 'error', status: 422, code: 'Error422' },
  'errors.malformed-json': { kind: 'error', status: 400, code: 'Error400' },
  'companies.orderby-unknown-field': { kind: 'error', status: 400, code: 'Error400' },
  'companies.lookup-shape': { kind: 'shape', shape: 'array' },
  'search.entry-fields': { kind: 'fields', extra: { companyName: 'Aurora Grid', score: 0.93 } },
  'service.rate-limits': { kind: 'rate-limit', limitedAfter: LIMIT, retryAfter: String(WINDOW_S), code: 'Error429' },
};

const refusal = (status: number, code: string, title: string): Pick<ProxiedAnswer, 'status' | 'body'> => ({
  status,
  body: { code, title, description: title, data: null },
});

export function gapDouble(): Break {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    request: (req: ProxiedRequest): ProxiedAnswer | undefined => {
      // 10 calls per caller in a window of 1 s, then 429 until the window ends.
      const key = `${req.headers['x-mock-session'] ?? ''} ${req.headers.authorization ?? ''}`;
      const now = Date.now();
      let window = windows.get(key);
      if (!window || now - window.start >= WINDOW_S * 1000) windows.set(key, (window = { start: now, count: 0 }));
      window.count += 1;
      if (window.count <= LIMIT) return undefined;
      return {
        contentType: 'application/json',
        headers: { 'retry-after': String(WINDOW_S) },
        ...refusal(429, 'Error429', 'Too many requests'),
      };
    },
    response: (req, answer) => {
      const code = answer.body?.code;
      const refuse = (status: number, newCode: string) => Object.assign(answer, refusal(status, newCode, 'Refused'));
      if (code === 'MOCK_NOT_FOUND' && req.path === LIST) refuse(404, 'Error100');
      else if (code === 'MOCK_NOT_FOUND' && req.path === '/api/integration/analysis/detail') refuse(400, 'Error400');
      else if (code === 'MOCK_INVALID_REQUEST' && req.query.has('orderby')) refuse(400, 'Error400');
      else if (code === 'MOCK_INVALID_REQUEST') refuse(422, 'Error422');
      else if (code === 'MOCK_MALFORMED_JSON') refuse(400, 'Error400');
      else if (answer.status === 200 && req.path === LIST && req.query.has('id')) answer.body.data = [answer.body.data];
      else if (answer.status === 200 && req.path === '/api/integration/project/search')
        answer.body.data.data = answer.body.data.data.map((entry: { id: string }, i: number) => ({
          ...entry,
          companyName: i === 0 ? 'Aurora Grid' : `company ${i}`,
          score: 0.93,
        }));
    },
  };
}
