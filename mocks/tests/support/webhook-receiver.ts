// A real webhook receiver on 127.0.0.1 for delivery tests: records every POST it gets and answers
// with the status (and after the delay) the test sets.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  method: string;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedDelivery[];
  /** Answer future deliveries with this status, after this delay. */
  respondWith(status: number, delayMs?: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let status = 200;
  let delayMs = 0;
  const received: ReceivedDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', headers: request.headers, body: text ? JSON.parse(text) : undefined });
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      }, delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    respondWith(nextStatus, nextDelay = 0) {
      status = nextStatus;
      delayMs = nextDelay;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
