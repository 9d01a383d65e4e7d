// One delivery as the service makes it: POST, `content-type: application/json`, the JSON body, no
// other header (delivery headers are not shown), redirects not followed; given up after the threshold.

export interface DeliveryMade {
  /** What the delivery was for, e.g. `analysisCompleted` or `changedStatus (repeat)`. */
  label: string;
  body: unknown;
  /** The receiver's HTTP status; absent when it gave none. */
  status?: number;
  durationMs: number;
  /** No answer: why (`timeout` after the threshold, or the connection error). */
  error?: string;
  timedOut?: boolean;
  /** The connection could not be made at all (refused, no such host). */
  unreachable?: boolean;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}

const CONNECTION_ERRORS = /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ECONNRESET|bad port|invalid url/i;

export async function deliver(url: string, label: string, body: unknown, thresholdMs: number): Promise<DeliveryMade> {
  const started = performance.now();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, thresholdMs);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: controller.signal,
    });
    await response.arrayBuffer();
    return { label, body, status: response.status, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const message = timedOut ? `no answer within ${thresholdMs} ms (timeout)` : describe(error);
    return {
      label,
      body,
      durationMs: Math.round(performance.now() - started),
      error: message,
      ...(timedOut ? { timedOut: true } : {}),
      ...(!timedOut && CONNECTION_ERRORS.test(message) ? { unreachable: true } : {}),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** What the receiver exposes at --observe-url (any text), to see whether a delivery changed its state. */
export async function observe(url: string, timeoutMs: number): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  if (!response.ok) throw new Error(`--observe-url answered HTTP ${response.status}`);
  return text;
}
