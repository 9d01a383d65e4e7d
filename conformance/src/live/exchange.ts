// One HTTP exchange of the suite: builds the request a rule describes, sends it with a time
// limit, and returns what came back without judging it.

export interface Exchange {
  url: string;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when the body is not JSON (see parseError). */
  body?: unknown;
  parseError?: string;
  durationMs: number;
}

export interface ExchangeRequest {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  method: string;
  baseUrl: string;
  path: string;
  authorization?: string;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function requestUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
  const search = query && Object.keys(query).length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
  return `${baseUrl.replace(/\/+$/, '')}${path}${search}`;
}

export async function exchange(request: ExchangeRequest, fetchImpl: FetchLike, timeoutMs: number): Promise<Exchange> {
  const url = requestUrl(request.baseUrl, request.path, request.query);
  const headers = new Headers(request.headers);
  headers.set('accept', 'application/json');
  if (request.authorization !== undefined) headers.set('authorization', request.authorization);
  let body: string | FormData | undefined;
  if (request.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(request.json);
  } else if (request.form) {
    body = request.form;
  }

  const started = performance.now();
  const response = await fetchImpl(url, {
    method: request.method,
    headers,
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  const durationMs = Math.round(performance.now() - started);
  const result: Exchange = { url, status: response.status, headers: response.headers, text, durationMs };
  try {
    result.body = JSON.parse(text) as unknown;
  } catch (error) {
    result.parseError = (error as Error).message;
  }
  return result;
}
