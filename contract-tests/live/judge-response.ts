// Judges one exchange against the contract: the expected status, a JSON content type, the body
// against the operation's response schema (Ajv over the bundled contract), any extra schema the
// check names, and the envelope outcome the specification fixes for success and for 401.
import { contractValidator } from '../support/contract-validator.ts';
import type { Exchange } from './exchange.ts';
import type { LiveCheck } from './live-checks.ts';
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

function envelopeViolations(body: unknown, status: number): LiveViolation[] {
  const expected = expectedOutcome(status);
  if (!expected || typeof body !== 'object' || body === null) return [];
  const record = body as Record<string, unknown>;
  const nested = typeof record.metadata === 'object' && record.metadata !== null;
  const outcome = (nested ? record.metadata : record) as Record<string, unknown>;
  const prefix = nested ? '$.metadata' : '$';
  return Object.entries(expected)
    .filter(([key, value]) => key in outcome && outcome[key] !== value)
    .map(([key, value]) => ({
      in: 'body' as const,
      path: `${prefix}.${key}`,
      message: `must be ${JSON.stringify(value)} on HTTP ${status}, got ${JSON.stringify(outcome[key])}`,
    }));
}

export function judgeExchange(check: LiveCheck, operation: OperationLocation, response: Exchange): LiveViolation[] {
  const violations: LiveViolation[] = [];
  if (response.status !== check.expectStatus) {
    violations.push({ in: 'status', path: '$', message: `expected HTTP ${check.expectStatus}, got ${response.status}` });
  }
  const contentType = response.headers.get('content-type');
  if (!contentType || !JSON_MEDIA_TYPE.test(contentType)) {
    violations.push({ in: 'headers', path: 'content-type', message: `must be a JSON media type, got ${JSON.stringify(contentType)}` });
  }
  if (response.parseError !== undefined) {
    violations.push({ in: 'body', path: '$', message: `is not JSON (${response.parseError}): ${response.text.slice(0, 120)}` });
    return violations;
  }

  const validator = contractValidator();
  const judged = validator.validateResponse(operation.method, operation.path, response.status, response.body);
  violations.push(...judged.violations.map((v) => ({ ...v, in: 'body' as const })));
  if (check.alsoMatches && response.status === check.expectStatus) {
    const name = check.alsoMatches.split('/').pop();
    const extra = validator.validate(check.alsoMatches, response.body);
    violations.push(...extra.violations.map((v) => ({ ...v, in: 'body' as const, message: `${v.message} (as ${name})` })));
  }
  violations.push(...envelopeViolations(response.body, response.status));
  return violations;
}
