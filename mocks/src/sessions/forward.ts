// Forwards a request, as received, to the node of the cluster that owns its session, and its
// answer back, as sent. The request carries `X-Mock-Forwarded` (the owner never forwards it again)
// so a stale route costs one hop, never a loop. An owner that cannot be reached gets 503 in the
// envelope with Retry-After: its lease runs out and the next try is answered by another node.
import type { IncomingMessage, ServerResponse } from 'node:http';

// Not an ESM import of node:http, which loads undici at start on Node 24 (see http/client-errors.ts).
const { Agent, request: httpRequest } = process.getBuiltinModule('node:http');

export const FORWARDED_HEADER = 'x-mock-forwarded';
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Resolves once the answer is sent; rejects (nothing sent yet) when the owner cannot be reached. */
export function forward(
  target: string,
  request: IncomingMessage,
  response: ServerResponse,
  from: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url ?? '/', target);
    const upstream = httpRequest(
      url,
      { method: request.method, headers: { ...request.headers, [FORWARDED_HEADER]: from }, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.once('end', () => resolve());
        answer.once('error', () => resolve());
      },
    );
    upstream.once('error', (error) => {
      if (response.headersSent) {
        response.destroy();
        resolve();
      } else reject(error);
    });
    request.pipe(upstream);
  });
}
