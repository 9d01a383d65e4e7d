// A fetch that judges every response it sees: service responses against the contract (status and
// body, via the shared contract validator), control API responses against control-api.openapi.yaml,
// and the mock's own rule that every MOCK_* error of the service carries an X-Mock-Gap header.
import { contractValidator } from '../../../conformance/src/contract-validator.ts';
import { API_PREFIX } from '../../src/app.ts';
import { controlValidator } from './control-validator.ts';

export interface ResponseCheck {
  method: string;
  url: string;
  status: number;
  problems: string[];
}

export interface CheckingFetch {
  fetch: typeof globalThis.fetch;
  /** Every response seen, with what is wrong with it (nothing, for a conforming response). */
  readonly checks: ResponseCheck[];
  /** The checks that found a problem, as readable lines. */
  violations(): string[];
}

export function judgeResponse(
  method: string,
  url: string,
  status: number,
  contentType: string | null,
  gap: string | null,
  body: unknown,
): string[] {
  const problems: string[] = [];
  const path = new URL(url).pathname;
  if (!contentType?.startsWith('application/json'))
    problems.push(`content-type is ${contentType}, not application/json`);
  const code = (body as { code?: unknown } | null)?.code;
  if (path.startsWith(`${API_PREFIX}/`)) {
    // A MOCK_* code is the mock's answer to something the specification leaves open.
    if (typeof code === 'string' && code.startsWith('MOCK_') && !gap)
      problems.push(`${code} without an X-Mock-Gap header`);
    const template = path.slice(API_PREFIX.length);
    const validator = contractValidator();
    const known = (validator.doc.paths as Record<string, Record<string, unknown>>)[template]?.[method.toLowerCase()];
    // A path or method the contract does not have still answers with an envelope.
    const result = known
      ? validator.validateResponse(method, template, status, body)
      : validator.validateSchema('Envelope', body);
    problems.push(...result.violations.map((v) => `${v.path} ${v.message}`));
  } else if (path === '/__mock' || path.startsWith('/__mock/')) {
    problems.push(...controlValidator().validateResponse(method, path, status, body));
  }
  return problems;
}

// The fetch of the moment by default (not the one at creation): msw/node replaces it once listening.
export function checkingFetch(
  inner: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init),
): CheckingFetch {
  const checks: ResponseCheck[] = [];
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    // Read method and URL without constructing a Request: that would consume a streamed body.
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const response = await inner(input, init);
    // After a redirect the answer is the final URL's.
    const url = response.url || (input instanceof Request ? input.url : String(input));
    const text = await response.clone().text();
    let body: unknown;
    const problems: string[] = [];
    // A HEAD answer is a GET's without its body: only the emptiness can be judged here.
    if (method.toUpperCase() === 'HEAD') {
      checks.push({
        method,
        url,
        status: response.status,
        problems: text ? [`HEAD answered with a body: ${text.slice(0, 80)}`] : [],
      });
      return response;
    }
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`body is not JSON: ${text.slice(0, 80)}`);
    }
    if (!problems.length) {
      problems.push(
        ...judgeResponse(
          method,
          url,
          response.status,
          response.headers.get('content-type'),
          response.headers.get('x-mock-gap'),
          body,
        ),
      );
    }
    checks.push({ method, url, status: response.status, problems });
    return response;
  };
  return {
    fetch: wrapped as typeof globalThis.fetch,
    checks,
    violations: () =>
      checks
        .filter((c) => c.problems.length)
        .map((c) => `${c.method} ${c.url} -> ${c.status}: ${c.problems.join('; ')}`),
  };
}
