// Reads something again and again until it reaches a final status: the loop behind waitForFundRun
// and waitForAnalysis (interval, overall time limit, the caller's signal, progress).
import { IntegrationError, isIntegrationError } from './integration-error.ts';

export interface PollOptions<T> {
  /** Pause between reads; default 5 s (processing takes minutes). */
  intervalMs?: number;
  /** Give up after this long with an IntegrationError of kind `timeout`; default 30 min. */
  timeoutMs?: number;
  /** Stops waiting (and the read in flight) with an IntegrationError of kind `aborted`. */
  signal?: AbortSignal;
  /** Called with every value read, final one included. */
  onProgress?: (value: T) => void;
}

export const DEFAULT_POLL_INTERVAL_MS = 5_000;
export const DEFAULT_POLL_TIMEOUT_MS = 30 * 60_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function pollUntilFinal<T>(poll: {
  /** What is waited for, for messages: `fund run <id>`. */
  subject: string;
  /** The option bag's name, for messages: `waitForFundRun`. */
  caller: string;
  read: (signal: AbortSignal) => Promise<T>;
  isFinal: (value: T) => boolean;
  finalStates: string;
  options: PollOptions<T>;
}): Promise<T> {
  const {
    intervalMs = DEFAULT_POLL_INTERVAL_MS,
    timeoutMs = DEFAULT_POLL_TIMEOUT_MS,
    signal,
    onProgress,
  } = poll.options;
  for (const [name, value] of [
    ['intervalMs', intervalMs],
    ['timeoutMs', timeoutMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw IntegrationError.refused(
        `Invalid ${poll.caller} option`,
        `${name} must be a finite number ≥ 0, got ${value}.`,
      );
    }
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const stopped = (cause: unknown): IntegrationError =>
    signal?.aborted
      ? new IntegrationError({
          kind: 'aborted',
          status: null,
          code: null,
          title: 'Wait aborted',
          description: `Stopped waiting for ${poll.subject}.`,
          cause,
        })
      : new IntegrationError({
          kind: 'timeout',
          status: null,
          code: null,
          title: 'Wait timed out',
          description: `${poll.subject} did not reach ${poll.finalStates} within ${timeoutMs} ms.`,
          cause,
        });
  try {
    for (;;) {
      combined.throwIfAborted();
      const value = await poll.read(combined);
      onProgress?.(value);
      if (poll.isFinal(value)) return value;
      await sleep(intervalMs, combined);
    }
  } catch (error) {
    if (combined.aborted && (isIntegrationError(error, 'aborted') || error === combined.reason)) throw stopped(error);
    throw error;
  }
}
