// The webhook receiver the suite starts with --receiver-host: keeps every delivery (method, path,
// body) and answers 200 at once, as the specification asks of a receiver; except under two paths
// below its url, which fail on purpose (webhooks.failed-delivery-recorded): one answers 500, the
// other closes the connection with no answer.
import { createServer } from 'node:http';

/** The path below the receiver's url whose deliveries are answered 500 instead of 200. */
export const REFUSING_PATH = 'refused';
/** The path below the receiver's url whose deliveries get no answer: the connection is closed. */
export const DROPPING_PATH = 'dropped';

/** Whether a delivery came to one of the failing paths (not answered 200). */
export const failingPath = (path: string): boolean =>
  path.endsWith(`/${REFUSING_PATH}`) || path.endsWith(`/${DROPPING_PATH}`);

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
      const path = request.url ?? '';
      received.push({ method: request.method ?? '', path, headers, body, receivedAt: Date.now() });
      if (path.endsWith(`/${DROPPING_PATH}`)) request.socket.destroy();
      else if (path.endsWith(`/${REFUSING_PATH}`))
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"refused":true}');
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
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
