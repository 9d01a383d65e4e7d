// The mock's request handling over a Fetch `Request` → `Response`, without Fastify or Node: what the
// MSW handlers run (in a Service Worker, a browser page or a Node test process). Routing by the
// documents' operations, then the steps of operation-pipeline.ts and the same handlers and error
// answers as the HTTP mock (contract-router.ts, error-handler.ts).
import { AllowedMethods } from './allowed-methods.ts';
import type { ContractOperation } from './contract-operations.ts';
import { errorAnswer, toMockError, unknownRoute } from './error-handler.ts';
import { errors, MockHttpError } from './errors.ts';
import type { MockRequest } from './mock-request.ts';
import {
  admit,
  type Authenticate,
  BODY_LIMIT,
  checkHandlers,
  isJson,
  judge,
  type RouteHandler,
  resultHeaders,
} from './operation-pipeline.ts';
import type { RequestValidator } from './request-validator.ts';
import { receiveFormData } from '../uploads/form-data-files.ts';

const MALFORMED_GAP = 'error code and HTTP status for a malformed request';

export interface FetchRoutes<Caller> {
  /** Where the document's paths are served (`/api`, or '' for the control API). */
  prefix: string;
  operations: ContractOperation[];
  validator: RequestValidator;
  handlers: Record<string, RouteHandler<Caller>>;
  authenticate: Authenticate<Caller>;
}

interface Route {
  op: ContractOperation;
  pattern: RegExp;
  names: string[];
  run: (request: MockRequest) => Promise<{ status: number; headers: Record<string, string>; body: unknown }>;
}

function compile<Caller>(routes: FetchRoutes<Caller>, allowed: AllowedMethods): Route[] {
  checkHandlers(routes.operations, routes.handlers);
  return routes.operations.map((op) => {
    const template = `${routes.prefix}${op.path}`;
    allowed.add(template, op.method);
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const source = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    const handler = routes.handlers[op.operationId]!;
    return {
      op,
      pattern: new RegExp(`^${source}$`),
      names,
      async run(request) {
        const caller = admit(op, request, routes.authenticate);
        await parseBody(request as FetchMockRequest, op);
        const headers = judge(op, routes.validator, request);
        const result = await handler(request, caller);
        return { status: result.status ?? 200, headers: { ...headers, ...resultHeaders(result) }, body: result.body };
      },
    };
  });
}

/** A path segment percent-decoded; one that is not valid percent-encoding is refused as Fastify refuses it (400). */
function pathParameter(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MockHttpError(
      400,
      'MOCK_INVALID_REQUEST',
      'Invalid request',
      `'${segment}' is not a valid url component`,
      MALFORMED_GAP,
    );
  }
}

type FetchMockRequest = MockRequest & {
  body: unknown;
  bytes: Uint8Array;
  /** The request was sent with a body (possibly empty); GET and HEAD bodies are never read, as Fastify does. */
  sent: boolean;
  contentType: string | undefined;
};

/** Fastify's content-type parsing, as the HTTP mock answers it: JSON, multipart (read by its handler), or 415. */
async function parseBody(request: FetchMockRequest, op: ContractOperation): Promise<void> {
  if (!request.sent) return;
  if (request.bytes.length === 0) {
    if (isJson(request.contentType))
      throw malformed("Body cannot be empty when content-type is set to 'application/json'");
    return;
  }
  const essence = request.contentType?.split(';')[0]?.trim().toLowerCase();
  if (essence === 'multipart/form-data' && op.multipart) return;
  if (!isJson(request.contentType)) {
    if (essence === 'multipart/form-data') return; // judged by the operation's media type check
    throw new MockHttpError(
      415,
      'MOCK_UNSUPPORTED_MEDIA_TYPE',
      'Unsupported media type',
      `Unsupported Media Type: ${request.contentType ?? 'none'}`,
      MALFORMED_GAP,
    );
  }
  if (request.bytes.length > BODY_LIMIT)
    throw new MockHttpError(413, 'MOCK_BODY_TOO_LARGE', 'Body too large', 'Request body is too large', MALFORMED_GAP);
  try {
    request.body = JSON.parse(new TextDecoder().decode(request.bytes));
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : String(error));
  }
}

function malformed(description: string): MockHttpError {
  return new MockHttpError(400, 'MOCK_MALFORMED_JSON', 'Malformed JSON', description, MALFORMED_GAP);
}

function queryOf(params: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const known = query[key];
    query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return query;
}

function jsonResponse(status: number, headers: Record<string, string>, body: unknown, head: boolean): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  const all = new Headers(headers);
  if (body !== undefined) all.set('content-type', 'application/json; charset=utf-8');
  all.set('content-length', String(new TextEncoder().encode(text).length));
  return new Response(head || status === 204 ? null : text, { status, headers: all });
}

/** A document's routes with their caller type forgotten (each handler gets what its own authenticate answers). */
export function fetchRoutes<Caller>(routes: FetchRoutes<Caller>): FetchRoutes<unknown> {
  return routes as unknown as FetchRoutes<unknown>;
}

export interface FetchHandlerOptions {
  /** The service's operations (`/api`) and the control API's (`/__mock`). */
  routes: FetchRoutes<unknown>[];
  /** The operation whose unexpected failures answer the documented `5000` (the company list). */
  companyListOperation?: string;
  /** Hears of every answered call under `/api/` (the request journal). */
  answered?: (
    request: Pick<MockRequest, 'method' | 'headers' | 'body' | 'uploaded'>,
    url: string,
    status: number,
  ) => void;
}

/** A function answering a Fetch request as the mock does; the origin is ignored (paths from `/`). */
export function createFetchHandler(options: FetchHandlerOptions): (request: Request) => Promise<Response> {
  const allowed = new AllowedMethods();
  const routes = options.routes.flatMap((r) => compile(r, allowed));
  const handle = async (call: Request): Promise<Response> => {
    const url = new URL(call.url);
    const path = url.pathname;
    const head = call.method === 'HEAD';
    const method = head ? 'GET' : call.method;
    let route: Route | undefined;
    let request: FetchMockRequest | undefined;
    const note = (response: Response): Response => {
      if (path.startsWith('/api/'))
        options.answered?.(
          request ?? { method: call.method, headers: Object.fromEntries(call.headers), body: undefined },
          call.url,
          response.status,
        );
      return response;
    };
    try {
      if (path === '/__mock/') return new Response(null, { status: 308, headers: { location: '/__mock' } });
      let match: RegExpExecArray | null = null;
      route = routes.find((r) => r.op.method === method && (match = r.pattern.exec(path)) !== null);
      if (!route || !match) throw unknownRoute(call.method, path, allowed.for(path));
      const values = (match as RegExpExecArray).slice(1);
      const params = Object.fromEntries(route.names.map((name, i) => [name, pathParameter(values[i] ?? '')]));
      const sent = call.body !== null && method !== 'GET';
      const bytes = sent ? new Uint8Array(await call.arrayBuffer()) : new Uint8Array();
      const headers: Record<string, string> = Object.fromEntries(call.headers);
      // A Fetch Request carries no framing headers; the body's length stands for them.
      if (sent) headers['content-length'] ??= String(bytes.length);
      const contentType = headers['content-type'];
      request = {
        method: call.method,
        headers,
        authorizationCount: call.headers.has('authorization') ? 1 : 0,
        params,
        query: queryOf(url.searchParams),
        body: undefined,
        bytes,
        sent,
        contentType,
        address: { port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), hosts: [url.hostname] },
        async receiveParts(receive) {
          const parts = await receiveFormData(
            new Request(call.url, { method: 'POST', body: bytes, headers: { 'content-type': contentType ?? '' } }),
            receive,
          );
          this.uploaded = { files: parts.files.map((f) => f.name), fields: [...parts.fields.keys()] };
          return parts;
        },
        inject: handle,
      };
      const answer = await route.run(request);
      return note(jsonResponse(answer.status, answer.headers, answer.body, head));
    } catch (error) {
      let mockError = toMockError(error instanceof Error ? error : new Error(String(error)));
      if (mockError.code === 'MOCK_INTERNAL_ERROR' && route?.op.operationId === options.companyListOperation)
        mockError = errors.companyListFailed(error instanceof Error ? error.message : String(error));
      const { status, headers, body } = errorAnswer(mockError);
      return note(jsonResponse(status, headers, body, head));
    }
  };
  return handle;
}
