// One request before each measured run, judged against the contract: a benchmark of wrong answers
// would be worthless, so a non-2xx or non-conforming answer stops the run.
import { contractValidator } from '../conformance/src/contract-validator.ts';
import { httpRequest, type ProbeResponse } from './http-probe.ts';
import type { LoadRequest } from './load.ts';

export interface Operation {
  method: 'get' | 'post';
  /** Path template in the contract (without the server's /api). */
  path: string;
}

/** The answer, with its body as parsed for the check so callers need not parse it again. */
export interface ConformingResponse extends ProbeResponse {
  json: unknown;
}

export async function conformingResponse(
  origin: string,
  request: LoadRequest,
  operation: Operation,
  server: string,
): Promise<ConformingResponse> {
  const response = await httpRequest(`${origin}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const where = `${server}: ${request.method} ${request.path}`;
  if (response.status < 200 || response.status > 299)
    throw new Error(`${where} answered ${response.status}: ${response.body.slice(0, 500)}`);
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${where} answered a body that is not JSON: ${response.body.slice(0, 200)}`);
  }
  const verdict = contractValidator().validateResponse(operation.method, operation.path, response.status, body);
  if (!verdict.valid)
    throw new Error(`${where} answered outside the contract: ${JSON.stringify(verdict.violations.slice(0, 5))}`);
  return { ...response, json: body };
}
