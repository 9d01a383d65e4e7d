// Puts a ResponseCache in front of a Fastify app: kept answers are written by the HTTP server
// before Fastify's handler runs; successful reads under `readPrefix` are kept; every request
// other than a GET or HEAD is tracked as one that may change the state.
import type { FastifyInstance, FastifyRequest, FastifyServerFactory } from 'fastify';
import type { ReadSnapshot, ResponseCache } from './response-cache.ts';

// Not an ESM import of node:http, which loads undici at start on Node 24 (see client-errors.ts).
const { createServer } = process.getBuiltinModule('node:http');

/**
 * Fastify's own HTTP/1 server, with the cache asked first. The settings are the ones Fastify
 * applies to the server it creates itself (lib/server.js), which it skips for a factory's server.
 */
export function serverAnsweringFrom(cache: ResponseCache): FastifyServerFactory {
  return (handler, options) => {
    const server = createServer(
      (options.http ?? {}) as Parameters<typeof createServer>[0] & object,
      (request, response) => {
        if (!cache.answer(request, response)) handler(request, response);
      },
    );
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    return server;
  };
}

/**
 * Keeps 200 answers to GETs whose URL starts with `readPrefix/`; tracks every other method but
 * HEAD, which runs a GET's handler (no change of state) and is neither kept nor answered here:
 * its empty body must never be served to a GET.
 */
export function keepReadsIn(app: FastifyInstance, cache: ResponseCache, readPrefix: string): void {
  const reads = new WeakMap<FastifyRequest, ReadSnapshot>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'HEAD') return;
    if (request.method !== 'GET') cache.track(request.raw, reply.raw);
    else if (request.url.startsWith(`${readPrefix}/`)) reads.set(request, cache.snapshot(request.raw));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const seen = reads.get(request);
    if (seen && reply.statusCode === 200 && typeof payload === 'string') {
      cache.keep(request.raw, seen, reply.statusCode, reply.getHeaders(), payload);
    }
    return payload;
  });
}
