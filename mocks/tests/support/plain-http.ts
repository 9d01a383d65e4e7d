// A request with node:http over kept-alive connections, answered as fetch would show it (status,
// header names lower-cased with repeated headers joined by ", ", body as text). For tests that
// send thousands of requests: undici's fetch costs several times the CPU per request.
import { Agent, request } from 'node:http';

export interface PlainAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const agent = new Agent({ keepAlive: true });

async function bodyOf(init: RequestInit): Promise<{ bytes?: Buffer; contentType?: string }> {
  if (init.body === undefined || init.body === null) return {};
  if (typeof init.body === 'string') return { bytes: Buffer.from(init.body) };
  // FormData and the like: encoded exactly as fetch would (boundary in the content type).
  const encoded = new Response(init.body);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? undefined };
}

export async function plainRequest(url: string, init: RequestInit = {}): Promise<PlainAnswer> {
  const headers: Record<string, string> = Object.fromEntries(new Headers(init.headers));
  const { bytes, contentType } = await bodyOf(init);
  if (contentType && !headers['content-type']) headers['content-type'] = contentType;
  if (bytes) headers['content-length'] = String(bytes.length);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const answered: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          const value = res.rawHeaders[i + 1]!;
          answered[name] = name in answered ? `${answered[name]}, ${value}` : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: answered, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(bytes);
  });
}
