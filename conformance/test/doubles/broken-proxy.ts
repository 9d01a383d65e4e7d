// A deliberately broken provider for the tests of the suite: a proxy in front of the stateful mock
// that passes everything through except what one Break changes (a request before it goes on, an
// answer before it comes back, or a webhook delivery on its way to the receiver). Webhook URLs
// saved through it are pointed at its own relay, so deliveries pass through it too; reads give
// the saved URL back unchanged.
import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from '../../../contract-tests/support/listen-on-loopback.ts';

export interface ProxiedRequest {
  method: string;
  /** Path under the origin, e.g. `/api/integration/projects`. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxiedAnswer {
  status: number;
  contentType: string;
  /** Parsed JSON, or the raw text when the answer is not JSON. */
  body: any;
  /** Headers to send besides content-type (e.g. Retry-After). */
  headers?: Record<string, string>;
}

export interface Break {
  /** Changes the request before it reaches the mock; may answer it instead. */
  request?(req: ProxiedRequest): ProxiedAnswer | void;
  /**
   * Changes the answer; `upstream(pathAndQuery)` reads another answer of the mock as the same caller,
   * `upstream(pathAndQuery, json)` POSTs `json` there (e.g. to the mock's control API), as the same
   * caller (its authorization and session) when `asCaller` is true.
   */
  response?(
    req: ProxiedRequest,
    answer: ProxiedAnswer,
    upstream: (pathAndQuery: string, json?: unknown, asCaller?: boolean) => Promise<any>,
  ): void | Promise<void>;
  /** Changes a webhook delivery's JSON body; undefined drops it. */
  delivery?(body: any): any;
  /** Sends each delivery this many times (default 1), the last answer going back to the mock. */
  deliveryCopies?: number;
  /**
   * What a saved webhook URL becomes: `relay` (default) points it at the proxy's relay; `upstream`
   * leaves it to the mock to judge, with a URL at the proxy's own port sent as one at the mock's.
   */
  webhookUrls?: 'relay' | 'upstream';
  /** Saved webhook URLs matching this go through the relay even with `webhookUrls: 'upstream'`. */
  relayUrls?: RegExp;
  /** Headers the relay sends with each delivery, besides content-type. */
  deliveryHeaders?: Record<string, string>;
}

export interface BrokenProxy {
  baseUrl: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const parse = (text: string): any => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function startBrokenProxy(upstreamOrigin: string, broken: Break = {}): Promise<BrokenProxy> {
  let origin = '';
  const relayPrefix = () => `${origin}/__relay?to=`;
  const toRelay = (url: string) => `${relayPrefix()}${encodeURIComponent(url)}`;
  const fromRelay = (url: unknown) =>
    typeof url === 'string' && url.startsWith(relayPrefix())
      ? decodeURIComponent(url.slice(relayPrefix().length))
      : url;

  const atUpstream = (url: string) => {
    const port = new URL(origin).port;
    return url.replace(new RegExp(`:${port}(?=/|$)`), `:${new URL(upstreamOrigin).port}`);
  };

  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://proxy');
      const body = await readBody(incoming);
      if (url.pathname === '/__relay') {
        const delivered = broken.delivery
          ? broken.delivery(parse(body.toString('utf8')))
          : parse(body.toString('utf8'));
        if (delivered === undefined) return outgoing.writeHead(200).end();
        const send = () =>
          fetch(url.searchParams.get('to') ?? '', {
            method: incoming.method,
            headers: { 'content-type': 'application/json', ...broken.deliveryHeaders },
            body: JSON.stringify(delivered),
          });
        let answer = await send();
        for (let copy = 1; copy < (broken.deliveryCopies ?? 1); copy += 1) {
          await answer.arrayBuffer();
          answer = await send();
        }
        return outgoing.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
      const req: ProxiedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body,
      };
      const isWebhookSave = req.path === '/api/integration/webhook' && (req.method === 'POST' || req.method === 'PUT');
      if (isWebhookSave) {
        const json = parse(body.toString('utf8'));
        if (json && typeof json.url === 'string')
          req.body = Buffer.from(
            JSON.stringify({
              ...json,
              url:
                broken.webhookUrls === 'upstream' && !broken.relayUrls?.test(json.url)
                  ? atUpstream(json.url)
                  : toRelay(json.url),
            }),
          );
      }
      let answer = broken.request?.(req) ?? undefined;
      if (!answer) {
        const search = req.query.toString();
        const sent = await fetch(`${upstreamOrigin}${req.path}${search ? `?${search}` : ''}`, {
          method: req.method,
          headers: req.headers,
          body: ['GET', 'HEAD'].includes(req.method) ? undefined : new Uint8Array(req.body),
        });
        const text = await sent.text();
        answer = { status: sent.status, contentType: sent.headers.get('content-type') ?? '', body: parse(text) };
      }
      if (req.path === '/api/integration/webhook' && answer.body?.data?.url)
        answer.body.data.url = fromRelay(answer.body.data.url);
      const caller = (): Record<string, string> =>
        Object.fromEntries(
          ['authorization', 'x-mock-session'].flatMap((name) => {
            const value = req.headers[name];
            return typeof value === 'string' ? [[name, value]] : [];
          }),
        );
      const upstream = async (pathAndQuery: string, json?: unknown, asCaller = false) =>
        (
          await fetch(
            `${upstreamOrigin}${pathAndQuery}`,
            json === undefined
              ? { headers: req.headers }
              : {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', ...(asCaller ? caller() : {}) },
                  body: JSON.stringify(json),
                },
          )
        ).json();
      await broken.response?.(req, answer, upstream);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      outgoing
        .writeHead(answer.status, {
          ...(answer.contentType ? { 'content-type': answer.contentType } : {}),
          ...answer.headers,
        })
        .end(text);
    })().catch((error: Error) =>
      outgoing.writeHead(502, { 'content-type': 'text/plain' }).end(`broken proxy: ${error.message}`),
    );
  });
  const listening = await listenOnLoopback(server, { closeConnections: true });
  origin = listening.origin;
  return { baseUrl: `${origin}/api`, close: listening.close };
}
