// One request as the fuzzer sends it: raw enough to carry faults a typed client cannot express
// (duplicate query parameters, wrong content types, malformed JSON or multipart bodies).
import type { ContractOperation } from './contract-operations.ts';

export interface FuzzRequest {
  operation: ContractOperation;
  /** `valid` or the name of the deliberate fault. */
  variant: string;
  /** Query pairs in order; a name may repeat. */
  query: [string, string][];
  /** Query text appended as is, for bytes no encoder would produce (`%E0%A4%A`, `%00`). */
  rawQuery?: string;
  headers: Record<string, string>;
  body?: { contentType: string | undefined; payload: string | Uint8Array };
  /**
   * What the contract says about the request: `true` satisfies it, `false` violates it (the mock
   * must not answer 2xx), `undefined` when the contract does not decide (an unknown query parameter).
   */
  contractValid: boolean | undefined;
  /** The answer the contract prescribes for this fault, when it prescribes one (401 `4010`). */
  expected?: { status: number; code: string };
}

/** Short text for failure messages; bodies are cut, since some are megabytes. */
export function describeRequest(request: FuzzRequest): string {
  const pairs = request.query.map(([k, v]) => `${k}=${v.length > 60 ? `${v.slice(0, 60)}…(${v.length})` : v}`);
  const query = [...pairs, ...(request.rawQuery ? [request.rawQuery] : [])].join('&');
  const payload = request.body?.payload;
  const text =
    payload === undefined ? '' : typeof payload === 'string' ? payload : Buffer.from(payload).toString('latin1');
  const body = text.length > 200 ? `${text.slice(0, 200)}…(${text.length} chars)` : text;
  return `[${request.variant}] ${request.operation.method} ${request.operation.path}${query ? `?${query}` : ''} ${JSON.stringify(request.headers)} ${body}`;
}
