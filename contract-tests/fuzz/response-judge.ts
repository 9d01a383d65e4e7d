// Judges one answer of the mock against the contract. Returns the problems found; an empty list
// means the answer is acceptable for the request that produced it.
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { envelopeCode } from './envelope-code.ts';

export interface ObservedResponse {
  status: number;
  headers: Headers;
  bodyText: string;
}

export const GAP_HEADER = 'x-mock-gap';
const SUCCESS_CODE = '1000';
/**
 * The one server error that is no fault of the server answering: the analysis engine behind it
 * cannot be reached. Even the company list's documented `5000` is the mock failing, so it counts.
 */
const ENGINE_UNAVAILABLE = 'Error0';

type Json = Record<string, unknown>;

export function judgeResponse(
  request: Pick<FuzzRequest, 'operation' | 'contractValid' | 'expected'>,
  response: ObservedResponse,
): string[] {
  const { operation: op } = request;
  const { status } = response;
  const problems: string[] = [];
  const documented = op.documentedCodes[status] ?? [];

  const contentType = response.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(contentType))
    problems.push(`content-type is "${contentType}", the contract answers application/json`);
  let body: unknown;
  try {
    body = JSON.parse(response.bodyText);
  } catch {
    return [...problems, `body is not JSON: ${response.bodyText.slice(0, 200)}`];
  }
  const code = envelopeCode(body);

  if (status >= 500 && !(code === ENGINE_UNAVAILABLE && documented.includes(code))) {
    problems.push(
      `${status} with code ${String(code)}: a server error other than the documented Error0 (${response.bodyText.slice(0, 300)})`,
    );
  }
  const verdict = contractValidator().validateResponse(op.method, op.path, status, body);
  if (!verdict.valid)
    problems.push(
      `body breaks the contract for ${status}: ${verdict.violations.map((v) => `${v.path} ${v.message}`).join('; ')}`,
    );

  const success = status >= 200 && status < 300;
  if (success !== (code === SUCCESS_CODE))
    problems.push(`status ${status} with envelope code ${String(code)}: success and code 1000 go together`);
  if (success && request.contractValid === false)
    problems.push(`answered ${status} to a request the contract does not allow`);
  if (request.expected && (status !== request.expected.status || code !== request.expected.code)) {
    problems.push(
      `answered ${status} ${String(code)}; the contract prescribes ${request.expected.status} ${request.expected.code}`,
    );
  }
  // An error the contract does not document for this status is the mock's choice: it must say so.
  if (!success && !documented.includes(String(code)) && !response.headers.get(GAP_HEADER)) {
    problems.push(`${status} ${String(code)} is not documented for ${op.operationId} and carries no X-Mock-Gap header`);
  }
  return problems;
}
