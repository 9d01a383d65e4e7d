// Delivers events to the receiver each user configured: one POST of `{ event, data }` per event,
// no retry (the retry policy is not shown), recorded as Success / Error Request / Error Response.
// A named session's deliveries carry its X-Mock-Session header, so a shared receiver can tell them apart.
// Per-session switches rehearse what the specification leaves open (delay, repeat, reorder, a failed
// first attempt); each is off until set, and every delivery made under one names it in X-Mock-Gap.
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

/** Delivery behaviours the specification leaves open, switched per session (`POST /__mock/webhooks/delivery`). */
export interface DeliverySwitches {
  /** Wait before each delivery, in milliseconds. */
  delayMs: number;
  /** Send each delivery twice. */
  repeat: boolean;
  /** Hold each delivery until the next one, which goes first (a settle sends a held one). */
  reorder: boolean;
  /** Count each first attempt as failed (`Error Request`) whatever the receiver answers, then send it again. */
  failFirstAttempt: boolean;
}

/** What each switch chooses where the specification is silent (the X-Mock-Gap text). */
export const DELIVERY_SWITCH_GAPS: Record<keyof DeliverySwitches, string> = {
  delayMs: 'delivery timing: not shown; the mock waits delayMs before each delivery',
  repeat: 'retry policy: not shown; the mock sends each delivery twice',
  reorder: 'delivery order: not shown; the mock holds each delivery and sends it after the next one',
  failFirstAttempt:
    'retry policy: not shown; the mock records each first attempt as Error Request whatever the answer, then sends it again',
};

export const SWITCHES_OFF: Readonly<DeliverySwitches> = {
  delayMs: 0,
  repeat: false,
  reorder: false,
  failFirstAttempt: false,
};

/** The gap texts of the switches that are on. */
export function switchGaps(switches: DeliverySwitches): string[] {
  return (Object.keys(DELIVERY_SWITCH_GAPS) as (keyof DeliverySwitches)[])
    .filter((k) => (k === 'delayMs' ? switches.delayMs > 0 : switches[k]))
    .map((k) => DELIVERY_SWITCH_GAPS[k]);
}

/** One delivery waiting for its turn (the reorder switch). */
interface Held {
  userId: string;
  url: string;
  event: WebhookEvent;
  outboxKey: string | undefined;
  release(made: Delivery[]): void;
}

/** What a triggered event gave: the deliveries it made (none while reorder holds it). */
export interface TriggerOutcome {
  url: string;
  /** Whether the configuration subscribes to this event (a trigger sends it either way). */
  subscribed: boolean;
  deliveries: Delivery[];
  /** Held by the reorder switch until the next delivery or a settle. */
  held: boolean;
}

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
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly controllers = new Set<AbortController>();
  /** Deliveries per user, oldest first. */
  private readonly deliveries = new Map<string, Delivery[]>();
  /** Deliveries under way, by number (kept as `outbox` records in kept sessions). */
  private readonly outbox = new Map<string, OutboxEntry>();
  private lastOutbox = 0;
  /** Deliveries that got an outcome so far (settle reports how many it waited for). */
  delivered = 0;
  /** The session's delivery switches; a reset gives a new state with every switch off. */
  readonly switches: DeliverySwitches = { ...SWITCHES_OFF };
  private held: Held | undefined;

  private readonly state: DispatcherHost;

  constructor(state: DispatcherHost) {
    this.state = state;
  }

  emit(userId: string, event: WebhookEvent): void {
    const config = this.state.webhookConfigs.get(userId);
    if (!config || !subscribes(config, event)) return;
    void this.dispatch(userId, config.url, event);
  }

  /**
   * Sends one event now to the user's configured receiver, subscribed or not, and resolves when its
   * deliveries have an outcome (at once when reorder holds it). Undefined when the user saved no configuration.
   */
  async trigger(userId: string, event: WebhookEvent): Promise<TriggerOutcome | undefined> {
    const config = this.state.webhookConfigs.get(userId);
    if (!config) return undefined;
    const holds = this.switches.reorder && !this.held;
    const made = this.dispatch(userId, config.url, event);
    return { url: config.url, subscribed: subscribes(config, event), deliveries: holds ? [] : await made, held: holds };
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

  /** The most recent deliveries of a user, newest first (only those are kept). */
  history(userId: string): Delivery[] {
    return [...(this.deliveries.get(userId) ?? [])].reverse();
  }

  /** A user's recorded deliveries, oldest first (what a state file keeps). */
  recorded(userId: string): readonly Delivery[] {
    return this.deliveries.get(userId) ?? [];
  }

  /** Deliveries read back from a state file. */
  restore(userId: string, deliveries: Delivery[]): void {
    this.deliveries.set(userId, mostRecent(deliveries));
  }

  /** Resolves when every delivery under way has an outcome; a delivery held by reorder is sent first. */
  async drain(): Promise<void> {
    while (this.held || this.inflight.size > 0) {
      const held = this.held;
      this.held = undefined;
      if (held) held.release(await this.attempts(held.userId, held.url, held.event, held.outboxKey));
      await Promise.allSettled([...this.inflight]);
    }
  }

  abortAll(): void {
    for (const c of this.controllers) c.abort(new Error('mock closed'));
    this.held?.release([]);
    this.held = undefined;
  }

  /**
   * One event on its way, as the switches shape it; resolves with the deliveries it made. In a kept
   * session it leaves once the change that caused it is durable, and stays an outbox record until its
   * last attempt's outcome is recorded.
   */
  private dispatch(userId: string, url: string, event: WebhookEvent): Promise<Delivery[]> {
    const durable = this.state.durable;
    let outboxKey: string | undefined;
    if (durable) {
      outboxKey = String(++this.lastOutbox);
      this.outbox.set(outboxKey, { userId, event: event.event });
      this.state.changed('outbox', outboxKey);
    }
    const sent = durable
      ? durable().then(
          () => this.ordered(userId, url, event, outboxKey),
          // The change that caused it was not kept: as if it never happened, nothing is sent.
          (): Delivery[] => [],
        )
      : this.ordered(userId, url, event, undefined);
    const task = sent.finally(() => this.inflight.delete(task));
    this.inflight.add(task);
    return task;
  }

  private async ordered(
    userId: string,
    url: string,
    event: WebhookEvent,
    outboxKey: string | undefined,
  ): Promise<Delivery[]> {
    if (!this.switches.reorder) return this.attempts(userId, url, event, outboxKey);
    const held = this.held;
    if (!held) return new Promise((release) => (this.held = { userId, url, event, outboxKey, release }));
    this.held = undefined;
    const later = await this.attempts(userId, url, event, outboxKey);
    const earlier = await this.attempts(held.userId, held.url, held.event, held.outboxKey);
    held.release(earlier);
    return later;
  }

  /** The attempts of one event: after the delay, a first attempt counted as failed, the delivery, a repeat. */
  private async attempts(
    userId: string,
    url: string,
    event: WebhookEvent,
    outboxKey: string | undefined,
  ): Promise<Delivery[]> {
    const switches = { ...this.switches };
    const gaps = [
      ...(event.event === 'fundAnalysisCompleted' ? [FUND_SUBSCRIPTION_GAP, FUND_EVENT_PAYLOAD_GAP] : []),
      ...switchGaps(switches),
    ];
    const gap = gaps.length > 0 ? gaps.join('; ') : undefined;
    if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs));
    const made: Delivery[] = [];
    if (switches.failFirstAttempt) made.push(await this.deliver(userId, url, event, gap, { countAsFailed: true }));
    // The outbox record goes with the event's last attempt.
    made.push(await this.deliver(userId, url, event, gap, { outboxKey: switches.repeat ? undefined : outboxKey }));
    if (switches.repeat) made.push(await this.deliver(userId, url, event, gap, { outboxKey }));
    return made;
  }

  private async deliver(
    userId: string,
    url: string,
    event: WebhookEvent,
    gap: string | undefined,
    { countAsFailed = false, outboxKey }: { countAsFailed?: boolean; outboxKey?: string | undefined } = {},
  ): Promise<Delivery> {
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
      if (countAsFailed) {
        status = 'Error Request';
        statusDescription = `First attempt counted as failed by the failFirstAttempt switch (the receiver answered HTTP ${response.status})`;
      } else if (response.status === 200) {
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
    const delivery = this.record(userId, { event: event.event, status, statusDescription }, outboxKey);
    this.delivered += 1;
    this.state.touch();
    return delivery;
  }

  private record(userId: string, outcome: Omit<Delivery, 'createdAt'>, outboxKey: string | undefined): Delivery {
    const list = this.deliveries.get(userId) ?? [];
    const delivery: Delivery = { ...outcome, createdAt: this.state.ids.now() };
    list.push(delivery);
    this.deliveries.set(userId, mostRecent(list));
    this.state.changed('deliveries', userId);
    if (outboxKey !== undefined && this.outbox.delete(outboxKey)) this.state.changed('outbox', outboxKey);
    return delivery;
  }
}

/** The 10 most recent of a user's deliveries (oldest first): only those are ever read, so only those are kept. */
function mostRecent(list: Delivery[]): Delivery[] {
  return list.length > HISTORY_LENGTH ? list.slice(-HISTORY_LENGTH) : list;
}

function subscribes(config: WebhookConfigRecord, event: WebhookEvent): boolean {
  if (event.event === 'analysisCompleted') return config.analysisCompleted;
  if (event.event === 'changedStatus') return config.analysisChangedStatus;
  return true;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
