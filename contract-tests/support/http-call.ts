// One HTTP request over node:http, body given whole, as a form, or streamed from an async generator.
// The answer is kept even when the server answers before reading the whole body and closes (413):
// fetch would report only the failed write. Also the cheap way to send thousands of requests:
// undici's fetch costs several times the CPU per request.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { parseJson } from '../../client/src/envelope.ts';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  bodyText: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: any;
}

export interface HttpCallOptions {
  method: string;
  headers?: Record<string, string | number>;
  /** A FormData is encoded as fetch encodes it, its boundary in the content type. */
  body?: Uint8Array | string | FormData | AsyncIterable<Uint8Array>;
  timeoutMs?: number;
}

/** Resolves when a request can take more data, or has closed. */
function drained(req: ClientRequest): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      req.off('drain', done).off('close', done);
      resolve();
    };
    req.on('drain', done).on('close', done);
  });
}

export async function httpCall(url: string, options: HttpCallOptions): Promise<HttpAnswer> {
  if (options.body instanceof FormData) {
    const encoded = new Response(options.body);
    const typed = Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === 'content-type');
    const headers = typed
      ? options.headers
      : { ...options.headers, 'content-type': encoded.headers.get('content-type') as string };
    return httpCall(url, { ...options, headers, body: new Uint8Array(await encoded.arrayBuffer()) });
  }
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, { method: options.method, headers: options.headers, timeout: timeoutMs }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) headers.set(name, String(value));
        const bodyText = Buffer.concat(chunks).toString('utf8');
        // Parsed when first read: the fuzzer sends thousands of requests and judges the text itself.
        let parsed: { value: unknown } | undefined;
        resolve({
          status: res.statusCode ?? 0,
          headers,
          bodyText,
          get json() {
            return (parsed ??= { value: parseJson(bodyText) }).value;
          },
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // A failed write after the answer arrived is the server closing early, not a missing answer.
    req.on('error', (error) => answered || reject(new Error(`no answer (${error.message})`)));
    const body = options.body;
    if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) {
      req.end(body);
      return;
    }
    void (async () => {
      for await (const chunk of body) {
        if (answered || req.destroyed) break;
        if (!req.write(chunk)) await drained(req);
      }
      if (!req.destroyed) req.end();
    })().catch((error: Error) => req.destroy(error));
  });
}
