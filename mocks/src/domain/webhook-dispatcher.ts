// Delivers events to the receiver each user configured: one POST of `{ event, data }` per event,
// no retry (the retry policy is not shown), recorded as Success / Error Request / Error Response.
// A named session's deliveries carry its X-Mock-Session header, so a shared receiver can tell them apart.
// Kept sessions (state file, database) send a delivery only once the change that caused it is
// durable, and keep it as an `outbox` record until its outcome is recorded: a delivery under way
// when the process holding the session died gets the outcome "interrupted" where the session is
// read back, and is never sent twice (a change that never became durable sends nothing).
import type { components } from '../../../openapi/index.ts';
import { FUND_EVENT_PAYLOAD_GAP, type WebhookEvent } from '../events.ts';
import { GAP_HEADER } from '../http/gap-header.ts';
import { DEFAULT_SESSION, SESSION_HEADER } from '../sessions/session-header.ts';
import type { IdSource } from './ids.ts';
import type { WebhookConfigRecord } from './records.ts';
import type { ResolvedSeed } from './seed.ts';

type Delivery = components['schemas']['WebhookDelivery'];

const HISTORY_LENGTH = 10;
/** How a configuration subscribes to fundAnalysisCompleted is not shown: any saved configuration receives it. */
const FUND_SUBSCRIPTION_GAP = 'fundAnalysisCompleted subscription: sent to every saved webhook configuration';

/** What the dispatcher reads and notes on its session's state (MockState is one). */
export interface DispatcherHost {
  readonly webhookConfigs: ReadonlyMap<string, WebhookConfigRecord>;
  readonly seed: Pick<ResolvedSeed, 'webhookTimeoutMs'>;
  readonly sessionId: string | undefined;
  readonly ids: Pick<IdSource, 'now'>;
  changed(kind: 'deliveries' | 'outbox', key: string): void;
  touch(): void;
  /** Resolves once the session's changes so far are durable (kept sessions only); rejects when they cannot be. */
  durable?: () => Promise<void>;
}

/** A delivery whose outcome is not recorded yet, as kept in the `outbox` record. */
export interface OutboxEntry {
  userId: string;
  event: WebhookEvent['event'];
}

export const INTERRUPTED_DELIVERY =
  'The delivery was under way when the mock process holding this session stopped; it is not sent again';

export class WebhookDispatcher {
  private readonly inflight = new Set<Promise<void>>();
  private readonly controllers = new Set<AbortController>();
  /** Deliveries per user, oldest first. */
  private readonly deliveries = new Map<string, Delivery[]>();
  /** Deliveries under way, by number (kept as `outbox` records in kept sessions). */
  private readonly outbox = new Map<string, OutboxEntry>();
  private lastOutbox = 0;
  /** Deliveries that got an outcome so far (settle reports how many it waited for). */
  delivered = 0;

  private readonly state: DispatcherHost;

  constructor(state: DispatcherHost) {
    this.state = state;
  }

  emit(userId: string, event: WebhookEvent): void {
    const config = this.state.webhookConfigs.get(userId);
    if (!config) return;
    const subscribed =
      event.event === 'analysisCompleted'
        ? config.analysisCompleted
        : event.event === 'changedStatus'
          ? config.analysisChangedStatus
          : true;
    if (!subscribed) return;
    const gap =
      event.event === 'fundAnalysisCompleted' ? `${FUND_SUBSCRIPTION_GAP}; ${FUND_EVENT_PAYLOAD_GAP}` : undefined;
    const durable = this.state.durable;
    let delivery: Promise<void>;
    if (!durable) delivery = this.deliver(userId, config.url, event, gap);
    else {
      const key = String(++this.lastOutbox);
      this.outbox.set(key, { userId, event: event.event });
      this.state.changed('outbox', key);
      delivery = durable().then(
        () => this.deliver(userId, config.url, event, gap, key),
        // The change that caused it was not kept: as if it never happened, nothing is sent.
        () => {},
      );
    }
    delivery = delivery.finally(() => this.inflight.delete(delivery));
    this.inflight.add(delivery);
  }

  /** An outbox record read back. */
  restoreOutbox(key: string, entry: OutboxEntry | null): void {
    if (entry) this.outbox.set(key, entry);
    else this.outbox.delete(key);
    this.lastOutbox = Math.max(this.lastOutbox, Number(key));
  }

  /** An outbox record's value now (null once its outcome is recorded). */
  outboxEntry(key: string): OutboxEntry | null {
    return this.outbox.get(key) ?? null;
  }

  outboxKeys(): string[] {
    return [...this.outbox.keys()];
  }

  /**
   * After a session is read back: every delivery it lists as under way was sent (or about to be)
   * by a process that is gone; each gets its outcome now and is not sent again. Answers how many.
   */
  interrupted(): number {
    const entries = [...this.outbox];
    for (const [key, { userId, event }] of entries)
      this.record(userId, { event, status: 'Error Request', statusDescription: INTERRUPTED_DELIVERY }, key);
    if (entries.length) this.state.touch();
    return entries.length;
  }

  /** The most recent deliveries of a user, newest first. */
  history(userId: string): Delivery[] {
    return [...(this.deliveries.get(userId) ?? [])].reverse().slice(0, HISTORY_LENGTH);
  }

  /** A user's recorded deliveries, oldest first (what a state file keeps). */
  recorded(userId: string): readonly Delivery[] {
    return this.deliveries.get(userId) ?? [];
  }

  /** Deliveries read back from a state file. */
  restore(userId: string, deliveries: Delivery[]): void {
    this.deliveries.set(userId, deliveries);
  }

  /** Resolves when every delivery under way has an outcome. */
  async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
  }

  abortAll(): void {
    for (const c of this.controllers) c.abort(new Error('mock closed'));
  }

  private async deliver(
    userId: string,
    url: string,
    event: WebhookEvent,
    gap: string | undefined,
    outboxKey?: string,
  ): Promise<void> {
    const timeoutMs = this.state.seed.webhookTimeoutMs;
    const session = this.state.sessionId;
    const controller = new AbortController();
    this.controllers.add(controller);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    let status: Delivery['status'];
    let statusDescription: string | null = null;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(gap ? { [GAP_HEADER]: gap } : {}),
          ...(session && session !== DEFAULT_SESSION ? { [SESSION_HEADER]: session } : {}),
        },
        body: JSON.stringify(event),
        signal: controller.signal,
        redirect: 'manual',
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        status = 'Success';
      } else {
        status = 'Error Response';
        statusDescription = `The receiver answered HTTP ${response.status} instead of 200`;
      }
    } catch (error) {
      status = 'Error Request';
      statusDescription = timedOut
        ? `No answer within ${timeoutMs} ms (timeout)`
        : `The request could not be delivered: ${describe(error)}`;
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    this.record(userId, { event: event.event, status, statusDescription }, outboxKey);
    this.delivered += 1;
    this.state.touch();
  }

  private record(userId: string, outcome: Omit<Delivery, 'createdAt'>, outboxKey: string | undefined): void {
    const list = this.deliveries.get(userId) ?? [];
    list.push({ ...outcome, createdAt: this.state.ids.now() });
    // Only the most recent deliveries are ever read.
    if (list.length > HISTORY_LENGTH) list.splice(0, list.length - HISTORY_LENGTH);
    this.deliveries.set(userId, list);
    this.state.changed('deliveries', userId);
    if (outboxKey !== undefined && this.outbox.delete(outboxKey)) this.state.changed('outbox', outboxKey);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
