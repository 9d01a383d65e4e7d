// A webhook receiver on a free loopback port: keeps what arrived, in arrival order, and answers 200,
// or 500 under paths starting /fail (to give deliveries a recognisable outcome).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  path: string;
  body: { event: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  received: ReceivedEvent[];
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedEvent[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      try {
        received.push({ path: request.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString()) });
      } catch {
        received.push({ path: request.url ?? '', body: { event: '(not JSON)', data: {} } });
      }
      response.writeHead(request.url?.startsWith('/fail') ? 500 : 200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
