// Webhook receivers on 127.0.0.1 as a consumer team's tests meet them, for the mutation harness's
// webhook failures leg: one answering 200, one answering 500, one redirecting (to the 200 one), one
// that never answers, and a port nobody listens on. Each server keeps what it got in arrival order.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../../contract-tests/support/listen-on-loopback.ts';

/** One request as a receiver got it: path, headers and the body's text. */
export interface Arrival {
  receiver: string;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FailingReceivers {
  /** The receivers' URLs by name: ok, error, redirect, silent, refused. */
  urls: Record<ReceiverName, string>;
  /** Every request any receiver got, in arrival order. */
  arrivals: Arrival[];
  close(): Promise<void>;
}

export type ReceiverName = 'ok' | 'error' | 'redirect' | 'silent' | 'refused';

/** A free port of 127.0.0.1 that nothing listens on once this resolves. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const { origin, close } = await listenOnLoopback(server);
  await close();
  return Number(new URL(origin).port);
}

export async function startFailingReceivers(): Promise<FailingReceivers> {
  const arrivals: Arrival[] = [];
  const silent = new Set<ServerResponse>();
  const closes: (() => Promise<void>)[] = [];
  const urls = {} as Record<ReceiverName, string>;
  const start = async (receiver: ReceiverName, answer: (response: ServerResponse) => void) => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        arrivals.push({
          receiver,
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        answer(response);
      });
    });
    const { origin, close } = await listenOnLoopback(server, { closeConnections: true });
    closes.push(close);
    urls[receiver] = `${origin}/hooks/${receiver}`;
    return origin;
  };
  try {
    const ok = await start('ok', (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
    await start('error', (response) =>
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"receiver failed"}'),
    );
    await start('redirect', (response) => response.writeHead(302, { location: `${ok}/redirected` }).end());
    await start('silent', (response) => silent.add(response));
    urls.refused = `http://127.0.0.1:${await closedPort()}/hooks/refused`;
  } catch (error) {
    for (const close of closes) await close();
    throw error;
  }
  return {
    urls,
    arrivals,
    async close() {
      for (const response of silent) response.destroy();
      for (const close of closes) await close();
    },
  };
}
