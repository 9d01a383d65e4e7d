// The webhook receiver the suite starts with --receiver-host: keeps every delivery (method, path,
// body) and answers 200 at once, as the specification asks of a receiver.
import { createServer } from 'node:http';

export interface Delivery {
  method: string;
  path: string;
  /** Request headers as received (names in lower case). */
  headers: Record<string, string>;
  body: unknown;
  receivedAt: number;
}

export interface ConformanceReceiver {
  /** The URL saved in the webhook configuration. */
  url: string;
  received: Delivery[];
  close(): Promise<void>;
}

export async function startReceiver(
  host: string,
  port: number,
  runId: string,
  publicUrl?: string,
): Promise<ConformanceReceiver> {
  const received: Delivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the rule reports a body that is not JSON
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers))
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      received.push({ method: request.method ?? '', path: request.url ?? '', headers, body, receivedAt: Date.now() });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}`;
  return {
    url: publicUrl ?? `${origin}/conformance/${runId}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
