// A real webhook receiver on a free loopback port, for the tests of deliveries: keeps every request
// in arrival order (method, path, headers, body parsed as JSON, or the text when it is not JSON) and
// answers 200, or 500 under paths starting /fail, or the status (after the delay) a test sets.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from './listen-on-loopback.ts';

export interface ReceivedDelivery {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Tests read the event's fields directly. */
  body: any;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `origin + '/hooks'` */
  url: string;
  received: ReceivedDelivery[];
  /** Answer future deliveries (outside /fail) with this status, after this delay. */
  respondWith(status: number, delayMs?: number): void;
  close(): Promise<void>;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let status = 200;
  let delayMs = 0;
  const received: ReceivedDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: parsed(Buffer.concat(chunks).toString('utf8')),
      });
      const answer = path.startsWith('/fail') ? 500 : status;
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
      }, delayMs);
      timers.add(timer);
    });
  });
  const { origin, close: closeServer } = await listenOnLoopback(server, { closeConnections: true });
  return {
    origin,
    url: `${origin}/hooks`,
    received,
    respondWith(nextStatus, nextDelay = 0) {
      status = nextStatus;
      delayMs = nextDelay;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      await closeServer();
    },
  };
}
