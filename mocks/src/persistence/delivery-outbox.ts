// Webhook deliveries of kept sessions (state file, database): a delivery is sent only once the
// change that caused it is durable, and is kept as an `outbox` record until its outcome is
// recorded. A delivery under way when the process holding the session died gets the outcome
// "interrupted" where the session is read back, and is never sent twice (a change that never
// became durable sends nothing). The dispatcher takes it as its `DeliveryKeeping`.
import type { WebhookEvent } from '../events.ts';
import type { MockState } from '../domain/state.ts';
import type { DeliveryKeeping } from '../domain/webhook-dispatcher.ts';

/** A delivery whose outcome is not recorded yet, as kept in the `outbox` record. */
export interface OutboxEntry {
  userId: string;
  event: WebhookEvent['event'];
}

export const INTERRUPTED_DELIVERY =
  'The delivery was under way when the mock process holding this session stopped; it is not sent again';

export class DeliveryOutbox implements DeliveryKeeping {
  /** Deliveries under way, by number. */
  private readonly entries = new Map<string, OutboxEntry>();
  private last = 0;
  private readonly state: MockState;

  constructor(state: MockState) {
    this.state = state;
  }

  open(userId: string, event: WebhookEvent['event']): Promise<string> {
    const key = String(++this.last);
    this.entries.set(key, { userId, event });
    this.state.changed('outbox', key);
    const durable = this.state.durable;
    return (durable ? durable() : Promise.resolve()).then(() => key);
  }

  close(key: string): void {
    if (this.entries.delete(key)) this.state.changed('outbox', key);
  }

  /** An outbox record read back. */
  restore(key: string, entry: OutboxEntry | null): void {
    if (entry) this.entries.set(key, entry);
    else this.entries.delete(key);
    this.last = Math.max(this.last, Number(key));
  }

  /** An outbox record's value now (null once its outcome is recorded). */
  entry(key: string): OutboxEntry | null {
    return this.entries.get(key) ?? null;
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * After a session is read back: every delivery it lists as under way was sent (or about to be)
   * by a process that is gone; each gets its outcome now and is not sent again. Answers how many.
   */
  interrupted(): number {
    const entries = [...this.entries];
    for (const [key, { userId, event }] of entries) {
      this.state.webhooks.record(userId, { event, status: 'Error Request', statusDescription: INTERRUPTED_DELIVERY });
      this.close(key);
    }
    if (entries.length) this.state.touch();
    return entries.length;
  }
}

const outboxes = new WeakMap<MockState, DeliveryOutbox>();

/**
 * The state's outbox. A kept session's dispatcher holds it from the state's creation
 * (`keepDeliveries`); any other state has one only for records read back (an import), which
 * `interrupted` then closes.
 */
export function outboxOf(state: MockState): DeliveryOutbox {
  let outbox = outboxes.get(state);
  if (!outbox) {
    outbox = new DeliveryOutbox(state);
    outboxes.set(state, outbox);
  }
  return outbox;
}

/** Makes a kept session's deliveries wait for durability and stay on record until their outcome is. */
export function keepDeliveries(state: MockState): void {
  state.webhooks.keeping = outboxOf(state);
}
