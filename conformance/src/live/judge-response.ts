// Judges one answer against the contract: a status the operation documents, a JSON content type,
// the body against that status's response schema (Ajv over the bundled contract), and the
// envelope outcome the specification fixes for success and for 401.
import { contractValidator } from '../contract-validator.ts';
import type { Exchange } from './exchange.ts';
import type { OperationLocation } from './operation-index.ts';
import type { LiveViolation } from './report-types.ts';

const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

type Outcome = { code: string; title: string; description: string };

/** Success is 1000/Successful/''; a refused credential is 4010/Unauthorized (specification). */
function expectedOutcome(status: number): Partial<Outcome> | undefined {
  if (status >= 200 && status < 300) return { code: '1000', title: 'Successful', description: '' };
  if (status === 401) return { code: '4010', title: 'Unauthorized' };
  return undefined;
}

/** The envelope's outcome fields, wherever the answer puts them (top level or `metadata`). */
export function envelopeOutcome(body: unknown): { fields: Record<string, unknown>; prefix: string } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const nested = typeof record.metadata === 'object' && record.metadata !== null;
  return {
    fields: (nested ? record.metadata : record) as Record<string, unknown>,
    prefix: nested ? '$.metadata' : '$',
  };
}

function envelopeViolations(body: unknown, status: number): LiveViolation[] {
  const expected = expectedOutcome(status);
  const outcome = envelopeOutcome(body);
  if (!expected || !outcome) return [];
  return Object.entries(expected)
    .filter(([key, value]) => key in outcome.fields && outcome.fields[key] !== value)
    .map(([key, value]) => ({
      in: 'body' as const,
      path: `${outcome.prefix}.${key}`,
      message: `must be ${JSON.stringify(value)} on HTTP ${status}, got ${JSON.stringify(outcome.fields[key])}`,
    }));
}

export function judgeAnswer(operation: OperationLocation, response: Exchange): LiveViolation[] {
  const violations: LiveViolation[] = [];
  const contentType = response.headers.get('content-type');
  if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) {
    violations.push({
      in: 'headers',
      path: 'content-type',
      message: `must be a JSON media type, got ${JSON.stringify(contentType)}`,
    });
  }
  if (response.parseError !== undefined) {
    violations.push({
      in: 'body',
      path: '$',
      message: `is not JSON (${response.parseError}): ${response.text.slice(0, 120)}`,
    });
    return violations;
  }
  const judged = contractValidator().validateResponse(operation.method, operation.path, response.status, response.body);
  violations.push(
    ...judged.violations.map((v) => ({
      ...v,
      in: v.message.startsWith('status ') ? ('status' as const) : ('body' as const),
    })),
  );
  violations.push(...envelopeViolations(response.body, response.status));
  return violations;
}
