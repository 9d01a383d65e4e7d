// Receiver entry (`@portfolio-integration/client/receiver`): a ready webhook receiver for node:http,
// Express, Fastify and Fetch API servers. No Node module, so it runs on Workers, Deno and Bun too.
// Its modules import the main entry (never its files), so `instanceof IntegrationError` holds across entries.
export {
  createWebhookReceiver,
  type SeenKeys,
  type WebhookCallbacks,
  type WebhookEventOf,
  type WebhookReceipt,
  type WebhookReceiver,
  type WebhookReceiverOptions,
} from './webhook-receiver.ts';
export {
  expressHandler,
  fastifyHandler,
  fetchHandler,
  nodeHandler,
  type FastifyReplyLike,
  type FastifyRequestLike,
  type HandlerOptions,
  type NodeRequestLike,
  type NodeResponseLike,
  type WaitUntilContext,
} from './receiver-adapters.ts';
export type { WebhookEvent } from './index.ts';
