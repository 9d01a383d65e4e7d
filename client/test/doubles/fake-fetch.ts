// Test helper: an injected fetch that records every request and answers from a handler.
import { createIntegrationClient } from '../../src/node.ts';

export interface FakeFetch {
  fetch: typeof globalThis.fetch;
  /** Every request received, in order (clones, so bodies can still be read). */
  requests: Request[];
}

export type Handler = (request: Request, url: URL) => Response | Promise<Response>;

function fakeFetch(handler: Handler): FakeFetch {
  const requests: Request[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    request.signal.throwIfAborted();
    requests.push(request.clone());
    return handler(request, new URL(request.url));
  };
  return { fetch, requests };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The success outcome the specification shows. */
export const SUCCESS = { code: '1000', title: 'Successful', description: '' } as const;

/** A success body in the metadata placement (most operations). */
export function metadataBody(data: unknown, pagination?: unknown): Record<string, unknown> {
  return { metadata: SUCCESS, data, ...(pagination === undefined ? {} : { pagination }) };
}

/** A success body in the top-level placement (the company list). */
export function topLevelBody(data: unknown, pagination?: unknown): Record<string, unknown> {
  return { ...SUCCESS, data, ...(pagination === undefined ? {} : { pagination }) };
}

export const BASE_URL = 'http://service.test/api';
export const API_KEY = 'test-api-key';
export const ACCESS_TOKEN = 'test-access-token';

/** A client over a fake fetch, with both credentials unless told otherwise. */
export function clientWith(
  handler: Handler,
  credentials: { apiKey?: string; accessToken?: string } = { apiKey: API_KEY, accessToken: ACCESS_TOKEN },
) {
  const fake = fakeFetch(handler);
  return {
    client: createIntegrationClient({ baseUrl: BASE_URL, ...credentials, fetch: fake.fetch }),
    requests: fake.requests,
  };
}
