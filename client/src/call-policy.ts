// Time limit and retries of one call. Applied around the fetch openapi-fetch uses, so every
// middleware (credentials, envelope, errors) sees only the final answer.
import { IntegrationError } from './integration-error.ts';

export interface RetryOptions {
  /** Retries after the first attempt; default 2. */
  retries?: number;
  /** First backoff step; default 500 ms, doubled per retry, with full jitter. */
  baseDelayMs?: number;
  /** Upper bound of one pause, backoff or `Retry-After`; default 30 s. A longer `Retry-After` is not waited for: the answer is returned. */
  maxDelayMs?: number;
}

export interface CallPolicy {
  /** Time limit of each attempt; default 30 s. */
  timeoutMs: number;
  /** `false`: one attempt only. */
  retry: Required<RetryOptions> | false;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRY: Required<RetryOptions> = { retries: 2, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Answers worth another attempt: the service was busy, overloaded or failed in passing. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

export function checkedTimeout(value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw IntegrationError.refused(
      'Invalid timeout',
      `timeoutMs must be a finite number of milliseconds > 0, got ${value}.`,
    );
  }
  return value;
}

export function checkedRetry(
  value: RetryOptions | boolean | undefined,
  fallback: Required<RetryOptions> | false,
): Required<RetryOptions> | false {
  if (value === undefined) return fallback;
  if (value === false) return false;
  const merged = { ...DEFAULT_RETRY, ...(fallback || {}), ...(value === true ? {} : value) };
  for (const [name, n] of Object.entries(merged)) {
    if (!Number.isInteger(n) || n < 0)
      throw IntegrationError.refused('Invalid retry option', `retry.${name} must be a whole number ≥ 0, got ${n}.`);
  }
  return merged;
}

/** `Retry-After` in milliseconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter: a random pause in [0, base·2^attempt], capped. */
export function backoffMs(attempt: number, retry: Required<RetryOptions>, random = Math.random): number {
  return Math.floor(random() * Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** attempt));
}

function pause(ms: number, signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function timedOut(request: Request, timeoutMs: number, cause: unknown): IntegrationError {
  const path = new URL(request.url).pathname;
  return new IntegrationError({
    kind: 'timeout',
    status: null,
    code: null,
    title: 'Request timed out',
    description: `${request.method} ${path}: no answer within ${timeoutMs} ms.`,
    cause,
  });
}

/**
 * A fetch that gives each attempt `policy.timeoutMs` and, when `policy.retry` allows, tries again on
 * a network failure or a retryable status, waiting `Retry-After` when the answer gives one (up to
 * `maxDelayMs`) and an exponential backoff with jitter otherwise. The caller's signal stops everything.
 */
export function fetchWithPolicy(
  fetch: (request: Request) => Promise<Response>,
  policy: CallPolicy,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const callerSignal = request.signal;
    const retries = policy.retry ? policy.retry.retries : 0;
    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(policy.timeoutMs);
      // A body can be read once: every attempt but the last sends a copy.
      const sent = attempt < retries ? request.clone() : request;
      let response: Response;
      try {
        response = await fetch(new Request(sent, { signal: AbortSignal.any([callerSignal, timeout]) }));
      } catch (error) {
        if (callerSignal.aborted) throw error;
        if (timeout.aborted) {
          if (attempt >= retries || !policy.retry) throw timedOut(request, policy.timeoutMs, error);
        } else if (attempt >= retries || !policy.retry) throw error;
        await pause(backoffMs(attempt, policy.retry), callerSignal);
        continue;
      }
      if (!policy.retry || attempt >= retries || !RETRYABLE_STATUSES.has(response.status)) return response;
      const asked = retryAfterMs(response.headers.get('Retry-After'));
      if (asked !== undefined && asked > policy.retry.maxDelayMs) return response;
      // Not awaited: cancelling one branch of a tee'd body settles only when the other branch ends too.
      response.body?.cancel().catch(() => undefined);
      await pause(asked ?? backoffMs(attempt, policy.retry), callerSignal);
    }
  };
}
