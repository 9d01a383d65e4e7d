// A small webhook receiver: the consumer side of the message pacts. It accepts POST only, reads the
// body with the client's parseWebhookEvent and hands the event to its handler. The service needs a 200
// within 30 seconds, so the answer never waits on more than the handler itself.
import { isIntegrationError, parseWebhookEvent, type WebhookEvent } from '../../../client/src/index.ts';

export type EventName = WebhookEvent['event'];
export type EventOf<E extends EventName> = Extract<WebhookEvent, { event: E }>;
export type WebhookHandlers = { [E in EventName]: (event: EventOf<E>) => Promise<void> | void };

export interface Delivery {
  method: string;
  /** The raw body as received (text or bytes) or already parsed JSON. */
  body: unknown;
}

export interface ReceiverAnswer {
  /** 200 received; 400 not one of the contract's events; 405 not a POST; 500 the handler failed. */
  status: 200 | 400 | 405 | 500;
  body: { received: EventName } | { error: string };
}

export function createWebhookReceiver(handlers: WebhookHandlers): (delivery: Delivery) => Promise<ReceiverAnswer> {
  return async ({ method, body }) => {
    if (method.toUpperCase() !== 'POST') return { status: 405, body: { error: `deliveries are POST, got ${method}` } };
    let event: WebhookEvent;
    try {
      event = parseWebhookEvent(body);
    } catch (error) {
      if (isIntegrationError(error)) return { status: 400, body: { error: error.message } };
      throw error;
    }
    try {
      // The union is discriminated on `event`, so the handler of that name takes exactly this event.
      await (handlers[event.event] as (e: WebhookEvent) => Promise<void> | void)(event);
    } catch (error) {
      return {
        status: 500,
        body: { error: `handler for ${event.event} failed: ${error instanceof Error ? error.message : String(error)}` },
      };
    }
    return { status: 200, body: { received: event.event } };
  };
}
