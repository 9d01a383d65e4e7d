// What Node rejects before a request reaches a route (a client too slow to send its request, a
// request head over the size limit, bytes that are not HTTP) is answered in the contract's error
// envelope too, instead of Fastify's own body; and slow clients are timed out at all (Fastify's
// default is never).
import type { Socket } from 'node:net';
import { errorEnvelope } from './envelope.ts';
import { GAP_HEADER } from './gap-header.ts';

// Not an ESM import: on Node 24 that builds a facade reading every export of node:http, whose
// getters load undici (fetch) at every start of the mock (docs/decisions/2026-11-measured-costs.md).
const { STATUS_CODES } = process.getBuiltinModule('node:http');

const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
const GAP = 'answer to a request that is too slow, too large in its head, or not HTTP';

const CLIENT_ERRORS: Record<string, { status: number; code: string; title: string; description: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    code: 'MOCK_REQUEST_TIMEOUT',
    title: 'Request timeout',
    description: 'The request was not received completely in time',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    code: 'MOCK_HEADERS_TOO_LARGE',
    title: 'Request head too large',
    description: 'The request line and headers are over the size limit',
  },
};
const MALFORMED = {
  status: 400,
  code: 'MOCK_MALFORMED_HTTP',
  title: 'Malformed HTTP request',
  description: 'The request is not valid HTTP/1.1',
};

/** How long a client has to send a whole request: MOCK_REQUEST_TIMEOUT_MS, default 60 s. */
export function requestTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.MOCK_REQUEST_TIMEOUT_MS) || DEFAULT_REQUEST_TIMEOUT_MS;
}

/** Fastify's `clientErrorHandler`. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, code, title, description } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED;
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify(errorEnvelope(code, title, description));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${GAP_HEADER}: ${GAP}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
