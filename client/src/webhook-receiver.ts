// The ready webhook receiver's core, free of any server or runtime: judges one delivery (POST, a body
// the contract accepts, not a repeat by the caller's key), answers it at once, and runs the caller's
// typed callback after the answer, so the service's 30-second limit never waits for the caller's work.
import { type IntegrationError, isIntegrationError, parseWebhookEvent, type WebhookEvent } from './index.ts';

/** The event of one name, with its typed `data`. */
export type WebhookEventOf<N extends WebhookEvent['event']> = Extract<WebhookEvent, { event: N }>;

/** A callback per event name; an event without one is answered 200 and dropped. */
export type WebhookCallbacks = {
  [N in WebhookEvent['event']]?: (event: WebhookEventOf<N>) => unknown;
};

/** Where the keys of handled deliveries are remembered (a Set, or a shared store such as Redis). */
export interface SeenKeys {
  has(key: string): boolean | Promise<boolean>;
  add(key: string): unknown;
}

export interface WebhookReceiverOptions {
  /** What to do with each event, by name. */
  on: WebhookCallbacks;
  /**
   * A delivery's identity: a second delivery with a key already seen is answered 200 and not passed
   * on (the service's retry policy is not documented; a repeat is possible). Without it, no repeat is detected.
   */
  duplicateKey?: (event: WebhookEvent) => string | undefined;
  /** Where keys are remembered; default: in memory, the most recent 10,000. */
  seen?: SeenKeys;
  /** A body the contract refuses (answered 400) or a callback that threw or rejected; default: console.error. */
  onError?: (error: unknown, event?: WebhookEvent) => void;
  /** A repeated delivery that was not passed on. */
  onDuplicate?: (event: WebhookEvent, key: string) => void;
}

/** What to answer a delivery, and the caller's work started after the answer. */
export interface WebhookReceipt {
  status: 200 | 400 | 405 | 413;
  headers: Record<string, string>;
  body: string;
  /** Settles when the callback has run (never rejects); platforms with `waitUntil` keep it alive. */
  work: Promise<void>;
}

export interface WebhookReceiver {
  /** Judges one delivery: its method and its body (text, bytes or already parsed JSON). */
  receive(method: string, body: unknown): Promise<WebhookReceipt>;
}

const MEMORY_KEYS = 10_000;

/** The most recent keys in memory, the oldest forgotten first. */
function memoryKeys(limit = MEMORY_KEYS): SeenKeys {
  const keys = new Set<string>();
  return {
    has: (key) => keys.has(key),
    add: (key) => {
      keys.add(key);
      if (keys.size > limit) keys.delete(keys.values().next().value as string);
    },
  };
}

const done = Promise.resolve();
const answer = (status: WebhookReceipt['status'], body = '', headers: Record<string, string> = {}, work = done) => ({
  status,
  headers: body ? { 'content-type': 'application/json', ...headers } : headers,
  body,
  work,
});

/**
 * A webhook receiver for any server: give it to `nodeHandler`, `fetchHandler`, `expressHandler` or
 * `fastifyHandler`. It answers 200 as soon as the body is judged; the callback runs afterwards.
 *
 * @example
 * const receiver = createWebhookReceiver({
 *   on: { analysisCompleted: async ({ data }) => refreshAnalysis(data.analysisId) },
 *   duplicateKey: (event) => JSON.stringify(event),
 * });
 */
export function createWebhookReceiver(options: WebhookReceiverOptions): WebhookReceiver {
  const seen = options.seen ?? memoryKeys();
  const onError = options.onError ?? ((error: unknown) => console.error('webhook receiver:', error));
  return {
    async receive(method, body) {
      if (method.toUpperCase() !== 'POST') return answer(405, '', { allow: 'POST' });
      let event: WebhookEvent;
      try {
        event = parseWebhookEvent(body);
      } catch (error) {
        if (!isIntegrationError(error)) throw error;
        onError(error);
        return answer(400, JSON.stringify({ error: (error as IntegrationError).description }));
      }
      const key = options.duplicateKey?.(event);
      if (key !== undefined) {
        if (await seen.has(key)) {
          options.onDuplicate?.(event, key);
          return answer(200);
        }
        await seen.add(key);
      }
      const callback = options.on[event.event] as ((e: WebhookEvent) => unknown) | undefined;
      // After the answer is written: a timer, not a microtask, so even synchronous work waits for it.
      const work = new Promise<void>((resolve) => setTimeout(resolve, 0))
        .then(() => callback?.(event))
        .then(
          () => undefined,
          (error: unknown) => onError(error, event),
        );
      return answer(200, '', {}, work);
    },
  };
}
