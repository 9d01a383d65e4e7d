// The HTTP mock's side of MockRequest: a Fastify request as the handlers see it (one per request,
// kept so every step of a route and the state file's hook see the same one).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { receiveMultipart } from '../uploads/multipart-files.ts';
import type { MockRequest } from './mock-request.ts';

const made = new WeakMap<FastifyRequest, MockRequest>();

/** How many Authorization headers the request carries (Node keeps only the first in `headers`). */
function authorizationCount(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') count += 1;
  return count;
}

/**
 * Runs a Fetch request through a Fastify instance without a network (light-my-request); an empty
 * payload is answered with no body (the Response constructor refuses one on 204 and 304).
 *
 * @example
 * const answer = await injectFetch(app, new Request('http://any.host/api/integration/projects'));
 */
export async function injectFetch(app: FastifyInstance, call: Request): Promise<Response> {
  const url = new URL(call.url);
  const body = call.body ? Buffer.from(await call.arrayBuffer()) : undefined;
  const response = await app.inject({
    method: call.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(call.headers),
    ...(body ? { payload: body } : {}),
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return new Response(response.rawPayload.length ? new Uint8Array(response.rawPayload) : null, {
    status: response.statusCode,
    headers,
  });
}

/** The MockRequest of a Fastify request (the same object every time it is asked). */
export function mockRequestOf(request: FastifyRequest): MockRequest {
  let mock = made.get(request);
  if (!mock) {
    mock = {
      method: request.method,
      headers: request.headers,
      authorizationCount: authorizationCount(request),
      get params() {
        return request.params as Record<string, string>;
      },
      get query() {
        return request.query as Record<string, unknown>;
      },
      get body() {
        return request.body;
      },
      address: {
        port: request.socket.localPort ?? 0,
        hosts: [request.hostname, request.socket.localAddress ?? ''],
      },
      async receiveParts(options) {
        const parts = await receiveMultipart(request, options);
        this.uploaded = { files: parts.files.map((f) => f.name), fields: [...parts.fields.keys()] };
        return parts;
      },
      inject: (call) => injectFetch(request.server, call),
    };
    made.set(request, mock);
  }
  return mock;
}
