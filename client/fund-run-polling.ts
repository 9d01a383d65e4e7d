// Polls a fund run until it reaches a final status. A run ending in `error` is a result, not a failure.
import type { components } from '../generated/types.ts';
import { IntegrationError, isIntegrationError } from './integration-error.ts';

type FundRunSummary = components['schemas']['FundRunSummary'];

export interface WaitForFundRunOptions {
  /** Pause between reads; default 5 s (processing takes minutes). */
  intervalMs?: number;
  /** Give up after this long with an IntegrationError of kind `timeout`; default 30 min. */
  timeoutMs?: number;
  /** Stops waiting (and the read in flight) with an IntegrationError of kind `aborted`. */
  signal?: AbortSignal;
  /** Called with every summary read, final one included. */
  onProgress?: (summary: FundRunSummary) => void;
}

const FINAL_STATUSES: ReadonlySet<FundRunSummary['status']> = new Set(['completed', 'error']);
const DEFAULT_INTERVAL_MS = 5_000;
const DEFAULT_TIMEOUT_MS = 30 * 60_000;

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

export async function waitForFundRun(
  read: (fundExtractionId: string, signal: AbortSignal) => Promise<FundRunSummary>,
  fundExtractionId: string,
  options: WaitForFundRunOptions = {},
): Promise<FundRunSummary> {
  const { intervalMs = DEFAULT_INTERVAL_MS, timeoutMs = DEFAULT_TIMEOUT_MS, signal, onProgress } = options;
  for (const [name, value] of [['intervalMs', intervalMs], ['timeoutMs', timeoutMs]] as const) {
    if (!Number.isFinite(value) || value < 0) {
      throw IntegrationError.refused('Invalid waitForFundRun option', `${name} must be a finite number ≥ 0, got ${value}.`);
    }
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const stopped = (cause: unknown): IntegrationError =>
    signal?.aborted
      ? new IntegrationError({ kind: 'aborted', status: null, code: null, title: 'Wait aborted', description: `Stopped waiting for fund run ${fundExtractionId}.`, cause })
      : new IntegrationError({ kind: 'timeout', status: null, code: null, title: 'Wait timed out', description: `Fund run ${fundExtractionId} did not reach completed or error within ${timeoutMs} ms.`, cause });
  try {
    for (;;) {
      combined.throwIfAborted();
      const summary = await read(fundExtractionId, combined);
      onProgress?.(summary);
      if (FINAL_STATUSES.has(summary.status)) return summary;
      await sleep(intervalMs, combined);
    }
  } catch (error) {
    if (combined.aborted && (isIntegrationError(error, 'aborted') || error === combined.reason)) throw stopped(error);
    throw error;
  }
}
