// The webhook receiver on each kind of server: node:http (and Express), the Fetch API's Request and
// Response (Next.js route handlers, Hono, Bun, Deno, Cloudflare Workers), and Fastify. Typed by the
// shapes they use, so no server package (and no Node module) is imported.
import type { WebhookReceiver } from './webhook-receiver.ts';

/** The largest body read (the events carry identifiers only). */
const MAX_BODY_BYTES = 1_048_576;

export interface HandlerOptions {
  /** Bodies over this many bytes are answered 413 (default 1 MiB). */
  maxBodyBytes?: number;
}

/** What the node:http adapter reads of a request (an IncomingMessage, Express's request). */
export interface NodeRequestLike {
  method?: string | undefined;
  /** Set by a body parser that already ran (express.json(), express.raw(), express.text()). */
  body?: unknown;
  on(event: 'data', listener: (chunk: Uint8Array | string) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** What the node:http adapter writes (a ServerResponse, Express's response). */
export interface NodeResponseLike {
  writeHead(status: number, headers?: Record<string, string>): unknown;
  end(body?: string): unknown;
}

function readBody(request: NodeRequestLike, limit: number): Promise<string | 'too large'> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    request.on('data', (chunk) => {
      const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
      size += bytes.byteLength;
      if (size <= limit) chunks.push(bytes);
    });
    request.on('end', () => {
      if (size > limit) return resolve('too large');
      const all = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        all.set(c, at);
        at += c.byteLength;
      }
      resolve(new TextDecoder().decode(all));
    });
    request.on('error', reject);
  });
}

/**
 * A `(request, response)` listener for `node:http`'s createServer (or any route of a server built on it).
 *
 * @example
 * createServer(nodeHandler(receiver)).listen(3000);
 */
export function nodeHandler(
  receiver: WebhookReceiver,
  options: HandlerOptions = {},
): (request: NodeRequestLike, response: NodeResponseLike) => void {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return (request, response) => {
    const method = request.method ?? 'GET';
    const body =
      request.body !== undefined || method.toUpperCase() !== 'POST'
        ? Promise.resolve(request.body)
        : readBody(request, limit);
    body
      .then(async (read) => {
        if (read === 'too large') {
          response.writeHead(413);
          response.end();
          return;
        }
        const receipt = await receiver.receive(method, read);
        response.writeHead(receipt.status, receipt.headers);
        response.end(receipt.body);
      })
      .catch((error: unknown) => {
        response.writeHead(500);
        response.end();
        console.error('webhook receiver:', error);
      });
  };
}

/**
 * Express: `app.post('/hooks', expressHandler(receiver))`, with or without `express.json()` before it.
 *
 * @example
 * app.post('/hooks', express.json(), expressHandler(receiver));
 */
export const expressHandler: typeof nodeHandler = (receiver, options) => nodeHandler(receiver, options);

/** What the Fastify adapter reads and writes (FastifyRequest, FastifyReply). */
export interface FastifyRequestLike {
  method: string;
  body: unknown;
}
export interface FastifyReplyLike<R = unknown> {
  code(status: number): R;
  headers(values: Record<string, string>): R;
  send(payload?: string): R;
}

/**
 * Fastify: a route handler; Fastify's own JSON parser reads the body.
 *
 * @example
 * app.post('/hooks', fastifyHandler(receiver));
 */
export function fastifyHandler(receiver: WebhookReceiver) {
  return async <R>(request: FastifyRequestLike, reply: FastifyReplyLike<R>): Promise<R> => {
    const receipt = await receiver.receive(request.method, request.body);
    reply.code(receipt.status);
    reply.headers(receipt.headers);
    return reply.send(receipt.body);
  };
}

/** The platform's hold on work after the answer (Cloudflare Workers' `ctx`, Vercel's `waitUntil`). */
export interface WaitUntilContext {
  waitUntil?(work: Promise<unknown>): void;
}

/**
 * A `(Request) => Promise<Response>` handler for Fetch API servers: a Next.js route handler
 * (`export const POST = fetchHandler(receiver)`), Hono, Bun.serve, Deno.serve, Cloudflare Workers
 * (`fetch: (request, env, ctx) => handle(request, ctx)`).
 *
 * @example
 * Bun.serve({ port: 3000, fetch: fetchHandler(receiver) });
 */
export function fetchHandler(receiver: WebhookReceiver, options: HandlerOptions = {}) {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return async (request: Request, context?: WaitUntilContext): Promise<Response> => {
    const text = request.method.toUpperCase() === 'POST' ? await request.text() : undefined;
    if (text !== undefined && new TextEncoder().encode(text).byteLength > limit)
      return new Response(null, { status: 413 });
    const receipt = await receiver.receive(request.method, text);
    context?.waitUntil?.(receipt.work);
    return new Response(receipt.body || null, { status: receipt.status, headers: receipt.headers });
  };
}
