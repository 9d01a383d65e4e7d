// Sends parity's requests to the deployment and keeps each exchange as the report shows it: the
// request (credentials masked) and the answer (status, the headers that say something about a gap,
// the body). A 429 is waited out as its Retry-After says, except where the rate limit is observed.
import { codeOf, sleep } from '../live/answers.ts';
import { exchange, requestUrl, type Exchange, type FetchLike } from '../live/exchange.ts';
import { retryAfterMs } from '../live/rule-context.ts';

export interface ParityTarget {
  baseUrl: string;
  apiKey: string;
  accessToken?: string;
  /** Another user's API key (--second-api-key). */
  secondApiKey?: string;
  fetch: FetchLike;
  timeoutMs: number;
}

export interface RecordedParityExchange {
  /** `delivery`: the deployment's request to parity's receiver, answered 200. */
  request: {
    method: string;
    url: string;
    authorization: 'API key' | 'access token' | 'second API key' | 'delivery';
    body?: string;
  };
  response: { status: number; headers: Record<string, string>; body: unknown };
}

export interface ParityRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body sent as application/json (malformed on purpose in one probe). */
  rawJson?: string;
  /** A multipart form (the fund upload). */
  form?: FormData;
  /** Headers of the operation (the analysis upload's `analysisid`). */
  headers?: Record<string, string>;
  auth?: 'apiKey' | 'bearer' | 'secondKey';
}

/** Headers of an answer that speak of an open behaviour. */
const KEPT_HEADERS = ['content-type', 'retry-after', 'x-mock-gap'];
const MAX_BODY_CHARS = 4_000;
const MAX_RATE_LIMIT_RETRIES = 5;

export class ParitySender {
  /** 429s waited out outside the rate-limit probe, and how long. */
  readonly rateLimited = { waits: 0, waitedMs: 0 };
  private readonly target: ParityTarget;

  constructor(target: ParityTarget) {
    this.target = target;
  }

  /** One exchange, answered as it came (429 included). Throws when no answer came. */
  async once(request: ParityRequest): Promise<{ answer: Exchange; recorded: RecordedParityExchange }> {
    const { baseUrl, apiKey, accessToken, secondApiKey, timeoutMs } = this.target;
    const authorization =
      request.auth === 'bearer'
        ? `Bearer ${accessToken ?? ''}`
        : request.auth === 'secondKey'
          ? (secondApiKey ?? '')
          : apiKey;
    // A raw body goes through fetch as it is: exchange() would serialize it as JSON text.
    const fetchImpl: FetchLike =
      request.rawJson === undefined
        ? this.target.fetch
        : (input, init) => {
            const headers = new Headers(init.headers);
            headers.set('content-type', 'application/json');
            return this.target.fetch(input, { ...init, headers, body: request.rawJson });
          };
    const answer = await exchange(
      {
        method: request.method,
        baseUrl,
        path: request.path,
        query: request.query,
        json: request.json,
        form: request.form,
        ...(request.headers === undefined ? {} : { headers: request.headers }),
        authorization,
      },
      fetchImpl,
      timeoutMs,
    );
    return { answer, recorded: record(request, requestUrl(baseUrl, request.path, request.query), answer) };
  }

  /** One exchange whose 429s are waited out (at most 5, each at most 30 s). */
  async send(request: ParityRequest): Promise<{ answer: Exchange; recorded: RecordedParityExchange }> {
    for (let attempt = 0; ; attempt += 1) {
      const sent = await this.once(request);
      if (sent.answer.status !== 429 || attempt >= MAX_RATE_LIMIT_RETRIES) return sent;
      const wait = retryAfterMs(sent.answer.headers.get('retry-after'));
      this.rateLimited.waits += 1;
      this.rateLimited.waitedMs += wait;
      await sleep(wait);
    }
  }
}

function record(request: ParityRequest, url: string, answer: Exchange): RecordedParityExchange {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const body =
    answer.body !== undefined && answer.text.length <= MAX_BODY_CHARS
      ? answer.body
      : answer.text.length > MAX_BODY_CHARS
        ? `${answer.text.slice(0, MAX_BODY_CHARS)}… (${answer.text.length} characters)`
        : answer.text;
  return {
    request: {
      method: request.method,
      url,
      authorization:
        request.auth === 'bearer' ? 'access token' : request.auth === 'secondKey' ? 'second API key' : 'API key',
      ...(request.rawJson === undefined ? {} : { body: request.rawJson }),
      ...(request.json === undefined ? {} : { body: JSON.stringify(request.json) }),
      ...(request.form === undefined
        ? {}
        : {
            body: `multipart form: ${[...request.form.entries()].map(([name, v]) => (typeof v === 'string' ? `${name}=${v}` : `${name}=${v.name}`)).join(', ')}`,
          }),
    },
    response: { status: answer.status, headers, body },
  };
}

/** The envelope code of an answer, or null. */
export function envelopeCode(answer: Exchange): string | null {
  const code = codeOf(answer);
  return typeof code === 'string' ? code : null;
}
