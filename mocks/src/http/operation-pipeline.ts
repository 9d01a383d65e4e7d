// The steps every operation's request goes through, whichever server carried it (the Fastify routes
// of contract-router.ts, the Fetch handler of fetch-handler.ts): credentials first (before any body
// is read), then a content coding, then the media type, parameters and JSON body against the
// contract (undeclared body properties are accepted and named in X-Mock-Unknown-Fields), then the
// operation's handler, whose result leaves with X-Mock-Gap naming the open facts it answers.
import { refuseEncodedBody } from './content-encoding.ts';
import type { ContractOperation } from './contract-operations.ts';
import { errors, MockHttpError } from './errors.ts';
import { GAP_HEADER } from './gap-header.ts';
import type { MockRequest } from './mock-request.ts';
import { hasBody } from './request-body.ts';
import type { RequestValidator } from './request-validator.ts';
import { UNKNOWN_FIELDS_HEADER, unknownFieldsHeader } from './unknown-fields.ts';

/** The HTTP mock's JSON body limit where an operation sets none (Fastify's default; the fetch handlers keep it too). */
export const BODY_LIMIT = 1_048_576;

export interface RouteResult {
  status?: number;
  body: unknown;
  /** Open facts this response answers, sent as `X-Mock-Gap`. */
  gaps?: string[];
  /** Headers of the answer (a streamed body names its media type). */
  headers?: Record<string, string>;
}

export type RouteHandler<Caller> = (request: MockRequest, caller: Caller) => Promise<RouteResult>;

/** Throws (401) unless the request satisfies one of the security alternatives. */
export type Authenticate<Caller> = (security: string[][], request: MockRequest) => Caller;

/** Throws unless there is exactly one handler per operation of the document. */
export function checkHandlers(operations: ContractOperation[], handlers: Record<string, unknown>): void {
  const ids = new Set(operations.map((op) => op.operationId));
  const stray = Object.keys(handlers).filter((id) => !ids.has(id));
  if (stray.length) throw new Error(`Handlers for operations the contract does not have: ${stray.join(', ')}`);
  const missing = operations.find((op) => !handlers[op.operationId]);
  if (missing) throw new Error(`No handler for operation ${missing.operationId}`);
}

/** Before the body is read: the caller's credentials, then a refused content coding. */
export function admit<Caller>(op: ContractOperation, request: MockRequest, authenticate: Authenticate<Caller>): Caller {
  const caller = authenticate(op.security, request);
  refuseEncodedBody(request.headers);
  return caller;
}

/** Once the body is parsed: its media type, the parameters and the JSON body. Answers headers to add. */
export function judge(
  op: ContractOperation,
  validator: RequestValidator,
  request: MockRequest,
): Record<string, string> {
  const contentType = request.headers['content-type'];
  const type = typeof contentType === 'string' ? contentType : undefined;
  if (op.jsonBodyPointer && hasBody(request.headers) && !isJson(type)) {
    throw new MockHttpError(
      415,
      'MOCK_UNSUPPORTED_MEDIA_TYPE',
      'Unsupported media type',
      `This call takes application/json, not ${type ?? 'a body without content type'}`,
      'error code and HTTP status for a malformed request',
    );
  }
  const messages = [
    ...validator.parameterErrors(op, { query: request.query, headers: request.headers, params: request.params }),
    // A streamed body is judged by its handler as it reads it.
    ...(op.multipart || request.streamedBody ? [] : validator.bodyErrors(op, request.body)),
  ];
  if (messages.length) throw errors.invalidRequest(messages.join('; '));
  const unknown = request.streamedBody ? [] : validator.unknownBodyFields(op, request.body);
  return unknown.length ? { [UNKNOWN_FIELDS_HEADER]: unknownFieldsHeader(unknown) } : {};
}

/** The headers a handler's result adds (its own, and X-Mock-Gap: each open fact once). */
export function resultHeaders(result: RouteResult): Record<string, string> {
  return {
    ...result.headers,
    ...(result.gaps?.length ? { [GAP_HEADER]: [...new Set(result.gaps)].join('; ') } : {}),
  };
}

export function isJson(contentType: string | undefined): boolean {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  return essence === 'application/json' || (essence?.endsWith('+json') ?? false);
}
