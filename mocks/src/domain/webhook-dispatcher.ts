// Delivers events to the receiver each user configured: one POST of `{ event, data }` per event,
// no retry (the retry policy is not shown), recorded as Success / Error Request / Error Response.
// A named session's deliveries carry its X-Mock-Session header (sessions/delivery-header.ts), so a shared
// receiver can tell them apart.
// Two seams, each plain here: a `DeliveryPolicy` shapes an event's attempts (the control API's
// delivery switches, `../control/delivery-switches.ts`, are one), and a `DeliveryKeeping` holds a
// delivery until the change that caused it is durable and keeps it until its outcome is recorded
// (kept sessions: `../persistence/delivery-outbox.ts`).
import type { components } from '../../../openapi/index.ts';
import { FUND_EVENT_PAYLOAD_GAP, type WebhookEvent } from '../events.ts';
import { GAP_HEADER } from '../http/gap-header.ts';
import { sessionDeliveryHeaders } from '../sessions/delivery-header.ts';
import type { IdSource } from './ids.ts';
import type { WebhookConfigRecord } from './records.ts';
import type { ResolvedSeed } from './seed.ts';

type Delivery = components['schemas']['WebhookDelivery'];
/** A delivery's outcome, before it is stamped. */
export type DeliveryOutcome = Pick<Delivery, 'status' | 'statusDescription'>;

const HISTORY_LENGTH = 10;
/** How a configuration subscribes to fundAnalysisCompleted is not shown: any saved configuration receives it. */
const FUND_SUBSCRIPTION_GAP = 'fundAnalysisCompleted subscription: sent to every saved webhook configuration';

/** One attempt at an event's delivery, as a policy asks for it. */
export interface AttemptOptions {
  /** X-Mock-Gap texts the attempt names besides the event's own. */
  gaps?: readonly string[];
  /** How the receiver's answer is recorded; by default 200 is Success and anything else Error Response. */
  judge?: (status: number) => DeliveryOutcome;
  /** Whether this is the event's last attempt, whose outcome closes its kept record (default true). */
  last?: boolean;
}

/** Makes one attempt and resolves with the delivery it recorded. */
export type Attempt = (options?: AttemptOptions) => Promise<Delivery>;

/** How an event's attempts are made. */
export interface DeliveryPolicy {
  /** Makes the attempts of one event; resolves with the deliveries they recorded. */
  send(attempt: Attempt): Promise<Delivery[]>;
  /** The mock closes: whatever the policy holds is dropped. */
  abort(): void;
}

/** One attempt, at once. */
export const PLAIN_DELIVERY: DeliveryPolicy = {
  send: async (attempt) => [await attempt()],
  abort() {},
};

/** Kept sessions: how a delivery waits for its cause to be durable and stays on record until its outcome is. */
export interface DeliveryKeeping {
  /** Notes an event about to leave; resolves with its key once it may leave, rejects when its cause was not kept. */
  open(userId: string, event: WebhookEvent['event']): Promise<string>;
  /** The outcome of the event under `key` is recorded. */
  close(key: string): void;
}

/** What the dispatcher reads and notes on its session's state (MockState is one). */
export interface DispatcherHost {
  readonly webhookConfigs: { get(userId: string): WebhookConfigRecord | undefined };
  readonly seed: Pick<ResolvedSeed, 'webhookTimeoutMs'>;
  readonly sessionId: string | undefined;
  readonly ids: Pick<IdSource, 'now'>;
  changed(kind: 'deliveries', key: string): void;
  touch(): void;
}

export class WebhookDispatcher {
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly controllers = new Set<AbortController>();
  /** Deliveries per user, oldest first. */
  private readonly deliveries = new Map<string, Delivery[]>();
  /** Deliveries that got an outcome so far (settle reports how many it waited for). */
  delivered = 0;
  /** How an event's attempts are made; a reset gives a new state with the plain policy. */
  policy: DeliveryPolicy = PLAIN_DELIVERY;
  /** Set in kept sessions. */
  keeping: DeliveryKeeping | undefined;

  private readonly state: DispatcherHost;

  constructor(state: DispatcherHost) {
    this.state = state;
  }

  emit(userId: string, event: WebhookEvent): void {
    const config = this.state.webhookConfigs.get(userId);
    if (!config || !subscribes(config, event)) return;
    void this.send(userId, config.url, event);
  }

  /**
   * One event on its way to `url`, as the policy shapes it; resolves with the deliveries it made.
   * With keeping it leaves once the change that caused it is durable (nothing is sent when it is not).
   */
  send(userId: string, url: string, event: WebhookEvent): Promise<Delivery[]> {
    const keeping = this.keeping;
    const sent = keeping
      ? keeping.open(userId, event.event).then(
          (key) => this.policy.send(this.attempt(userId, url, event, () => keeping.close(key))),
          // The change that caused it was not kept: as if it never happened, nothing is sent.
          (): Delivery[] => [],
        )
      : this.policy.send(this.attempt(userId, url, event, undefined));
    const task = sent.finally(() => this.inflight.delete(task));
    this.inflight.add(task);
    return task;
  }

  /** The events on their way now. */
  underWay(): Promise<unknown>[] {
    return [...this.inflight];
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

  abortAll(): void {
    for (const c of this.controllers) c.abort(new Error('mock closed'));
    this.policy.abort();
  }

  /** Records an outcome in the user's history, stamped now. */
  record(userId: string, outcome: Omit<Delivery, 'createdAt'>): Delivery {
    const list = this.deliveries.get(userId) ?? [];
    const delivery: Delivery = { ...outcome, createdAt: this.state.ids.now() };
    list.push(delivery);
    this.deliveries.set(userId, mostRecent(list));
    this.state.changed('deliveries', userId);
    return delivery;
  }

  /** `closeKept`: in kept sessions, closes the kept record of the event. */
  private attempt(userId: string, url: string, event: WebhookEvent, closeKept: (() => void) | undefined): Attempt {
    return async ({ gaps = [], judge = judged, last = true } = {}) => {
      const outcome = await this.deliver(url, event, [...eventGaps(event), ...gaps], judge);
      const delivery = this.record(userId, { event: event.event, ...outcome });
      // The kept record goes with the event's last attempt, in the same change as its outcome.
      if (last) closeKept?.();
      this.delivered += 1;
      this.state.touch();
      return delivery;
    };
  }

  /** One POST to the receiver, and its outcome. */
  private async deliver(
    url: string,
    event: WebhookEvent,
    gaps: string[],
    judge: (status: number) => DeliveryOutcome,
  ): Promise<DeliveryOutcome> {
    const timeoutMs = this.state.seed.webhookTimeoutMs;
    const controller = new AbortController();
    this.controllers.add(controller);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    let outcome: DeliveryOutcome;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(gaps.length > 0 ? { [GAP_HEADER]: gaps.join('; ') } : {}),
          ...sessionDeliveryHeaders(this.state.sessionId),
        },
        body: JSON.stringify(event),
        signal: controller.signal,
        redirect: 'manual',
      });
      await response.arrayBuffer();
      outcome = judge(response.status);
    } catch (error) {
      outcome = {
        status: 'Error Request',
        statusDescription: timedOut
          ? `No answer within ${timeoutMs} ms (timeout)`
          : `The request could not be delivered: ${describe(error)}`,
      };
    } finally {
      clearTimeout(timer);
      this.controllers.delete(controller);
    }
    return outcome;
  }
}

/** A receiver's answer as the specification records it: 200 is Success. */
function judged(status: number): DeliveryOutcome {
  return status === 200
    ? { status: 'Success', statusDescription: null }
    : { status: 'Error Response', statusDescription: `The receiver answered HTTP ${status} instead of 200` };
}

/** The X-Mock-Gap texts of an event's deliveries. */
function eventGaps(event: WebhookEvent): string[] {
  return event.event === 'fundAnalysisCompleted' ? [FUND_SUBSCRIPTION_GAP, FUND_EVENT_PAYLOAD_GAP] : [];
}

/** The 10 most recent of a user's deliveries (oldest first): only those are ever read, so only those are kept. */
function mostRecent(list: Delivery[]): Delivery[] {
  return list.slice(-HISTORY_LENGTH);
}

/** Whether a configuration subscribes to an event (the control API's trigger sends it either way). */
export function subscribes(config: WebhookConfigRecord, event: WebhookEvent): boolean {
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
