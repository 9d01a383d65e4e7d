// The control API's webhook calls: the delivery switches (`/__mock/webhooks/delivery`) that rehearse
// what the specification leaves open (delay, repeat, reorder, a failed first attempt), each off
// until set and named in X-Mock-Gap on every delivery made under it; a triggered event
// (`POST /__mock/webhooks/trigger`), sent subscribed or not; and waiting for every delivery under way
// (settle). The switches are a `DeliveryPolicy` the session's dispatcher takes once one is first set.
import type { Attempt, DeliveryOutcome, DeliveryPolicy } from '../domain/webhook-dispatcher.ts';
import { subscribes } from '../domain/webhook-dispatcher.ts';
import type { MockState } from '../domain/state.ts';
import type { components } from '../../../openapi/index.ts';
import type { WebhookEvent } from '../events.ts';

type Delivery = components['schemas']['WebhookDelivery'];

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

/** One event's attempts waiting for their turn (the reorder switch). */
interface Held {
  attempt: Attempt;
  release(made: Delivery[]): void;
}

/** The delivery switches as a dispatcher's policy; with every switch off it delivers as the plain one does. */
export class SwitchedDelivery implements DeliveryPolicy {
  readonly switches: DeliverySwitches = { ...SWITCHES_OFF };
  private held: Held | undefined;

  async send(attempt: Attempt): Promise<Delivery[]> {
    if (!this.switches.reorder) return this.attempts(attempt);
    const held = this.held;
    if (!held) return new Promise((release) => (this.held = { attempt, release }));
    this.held = undefined;
    const later = await this.attempts(attempt);
    const earlier = await this.attempts(held.attempt);
    held.release(earlier);
    return later;
  }

  /** Whether the next event will be held (reorder is on and nothing is held yet). */
  holdsNext(): boolean {
    return this.switches.reorder && !this.held;
  }

  /** Sends the event held by reorder, if any; answers whether there was one. */
  async releaseHeld(): Promise<boolean> {
    const held = this.held;
    this.held = undefined;
    if (held) held.release(await this.attempts(held.attempt));
    return held !== undefined;
  }

  abort(): void {
    this.held?.release([]);
    this.held = undefined;
  }

  /** The attempts of one event: after the delay, a first attempt counted as failed, the delivery, a repeat. */
  private async attempts(attempt: Attempt): Promise<Delivery[]> {
    const switches = { ...this.switches };
    const gaps = switchGaps(switches);
    if (switches.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, switches.delayMs));
    const made: Delivery[] = [];
    if (switches.failFirstAttempt) made.push(await attempt({ gaps, judge: countedAsFailed, last: false }));
    made.push(await attempt({ gaps, last: !switches.repeat }));
    if (switches.repeat) made.push(await attempt({ gaps }));
    return made;
  }
}

function countedAsFailed(status: number): DeliveryOutcome {
  return {
    status: 'Error Request',
    statusDescription: `First attempt counted as failed by the failFirstAttempt switch (the receiver answered HTTP ${status})`,
  };
}

/** The session's switches as they are (all off until first set). */
export function deliverySwitches(state: MockState): Readonly<DeliverySwitches> {
  const { policy } = state.webhooks;
  return policy instanceof SwitchedDelivery ? policy.switches : SWITCHES_OFF;
}

/** Sets some of the session's switches (its dispatcher takes the switched policy from now on); answers them all. */
export function setDeliverySwitches(state: MockState, changes: Partial<DeliverySwitches>): Readonly<DeliverySwitches> {
  const { webhooks } = state;
  if (!(webhooks.policy instanceof SwitchedDelivery)) webhooks.policy = new SwitchedDelivery();
  return Object.assign((webhooks.policy as SwitchedDelivery).switches, changes);
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

/**
 * Sends one event now to the user's configured receiver, subscribed or not, and resolves when its
 * deliveries have an outcome (at once when reorder holds it). Undefined when the user saved no configuration.
 */
export async function triggerDelivery(
  state: MockState,
  userId: string,
  event: WebhookEvent,
): Promise<TriggerOutcome | undefined> {
  const config = state.webhookConfigs.get(userId);
  if (!config) return undefined;
  const { policy } = state.webhooks;
  const holds = policy instanceof SwitchedDelivery && policy.holdsNext();
  const made = state.webhooks.send(userId, config.url, event);
  return { url: config.url, subscribed: subscribes(config, event), deliveries: holds ? [] : await made, held: holds };
}

/** Resolves when every delivery under way has an outcome; a delivery held by reorder is sent first. */
export async function drainDeliveries(state: MockState): Promise<void> {
  const { webhooks } = state;
  for (;;) {
    const { policy } = webhooks;
    const released = policy instanceof SwitchedDelivery && (await policy.releaseHeld());
    const underWay = webhooks.underWay();
    if (!released && underWay.length === 0) return;
    await Promise.allSettled(underWay);
  }
}
