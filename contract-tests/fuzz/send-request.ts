// Sends a FuzzRequest to a server under `baseUrl` (`http://127.0.0.1:<port>/api`) and reads the
// whole answer (over node:http, see contract-tests/support/http-call.ts). No answer within the time limit is a hang.
import { httpCall } from '../support/http-call.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import type { ObservedResponse } from './response-judge.ts';

export const REQUEST_TIMEOUT_MS = 15_000;

/** Percent-encodes UTF-8 bytes, lone surrogates included (encodeURIComponent throws on those). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

export function requestUrl(baseUrl: string, request: FuzzRequest): string {
  const parts = [
    ...request.query.map(([k, v]) => `${encode(k)}=${encode(v)}`),
    ...(request.rawQuery ? [request.rawQuery] : []),
  ];
  return `${baseUrl}${request.operation.path}${parts.length ? `?${parts.join('&')}` : ''}`;
}

export async function sendRequest(baseUrl: string, request: FuzzRequest): Promise<ObservedResponse> {
  const headers: Record<string, string | number> = { ...request.headers };
  if (request.body?.contentType !== undefined) headers['content-type'] = request.body.contentType;
  // Always bytes: node:http writes a string body in one UTF-8 write with the head, whose non-ASCII
  // header values it otherwise sends as latin1.
  const payload = request.body?.payload;
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const answer = await httpCall(requestUrl(baseUrl, request), {
    method: request.operation.method,
    headers,
    body,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  return { status: answer.status, headers: answer.headers, bodyText: answer.bodyText };
}
