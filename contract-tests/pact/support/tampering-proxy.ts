// A deliberately broken provider for the tests of the tests: a loopback proxy in front of a working
// provider that rewrites the responses its tamperings target, each break independent of the others
// (and passes every other request through untouched).
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from '../../support/listen-on-loopback.ts';

export interface Tampering {
  method: string;
  /** Path without the query, e.g. `/api/integrationfund/fund`. */
  path: string;
  /** Only responses with this status are rewritten. */
  status: number;
  /** Changes the parsed JSON body in place. */
  rewrite(body: Record<string, unknown>): void;
}

export interface TamperingProxy {
  origin: string;
  /** How many responses each tampering rewrote, in the order given; a test asserts the break actually happened. */
  tampered(): number[];
  close(): Promise<void>;
}

function withoutHopHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const copy = { ...headers };
  delete copy['content-length'];
  delete copy['transfer-encoding'];
  delete copy.connection;
  return copy;
}

export async function startTamperingProxy(upstreamOrigin: string, tamperings: Tampering[]): Promise<TamperingProxy> {
  const upstream = new URL(upstreamOrigin);
  const counts = tamperings.map(() => 0);
  const server = createServer((req, res) => {
    const forward = httpRequest(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          let body = Buffer.concat(chunks);
          const path = (req.url ?? '').split('?')[0];
          const index = tamperings.findIndex(
            (t) => req.method === t.method && path === t.path && answer.statusCode === t.status,
          );
          if (index >= 0 && /json/.test(answer.headers['content-type'] ?? '')) {
            const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
            tamperings[index]!.rewrite(parsed);
            body = Buffer.from(JSON.stringify(parsed));
            counts[index]! += 1;
          }
          res.writeHead(answer.statusCode ?? 502, {
            ...withoutHopHeaders(answer.headers),
            'content-length': body.length,
          });
          res.end(body);
        });
      },
    );
    forward.on('error', (e) => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'proxy', title: 'Bad gateway', description: e.message, data: null }));
    });
    req.pipe(forward);
  });
  return { ...(await listenOnLoopback(server, { closeConnections: true })), tampered: () => [...counts] };
}
