// Webhook configuration (one per user; POST and PUT both create or update) and delivery history.
import type { components } from '../../generated/types.ts';
import type { UserRecord, WebhookConfigRecord } from '../domain/records.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import type { MockRuntime } from '../runtime.ts';
import type { OperationHandler, SuccessBodyOf } from './operation-types.ts';

const NO_CONFIG_GAP = 'webhook configuration read before any was saved: data is null';

export const getWebhookConfiguration: OperationHandler<'getWebhookConfiguration'> = ({ user, runtime }) => {
  const config = runtime.state.webhookConfigs.get(user.id);
  return config ? { body: metadataEnvelope({ ...config }) } : { body: metadataEnvelope(null), gaps: [NO_CONFIG_GAP] };
};

/** POST and PUT alike: creates the caller's configuration or updates it. */
function saveConfiguration(
  body: components['schemas']['WebhookConfigurationInput'],
  user: UserRecord,
  runtime: MockRuntime,
): SuccessBodyOf<'createWebhookConfiguration'> {
  const { state } = runtime;
  const now = state.ids.now();
  const existing = state.webhookConfigs.get(user.id);
  const config: WebhookConfigRecord = {
    id: existing?.id ?? state.ids.uuid('webhook'),
    url: body.url,
    analysisCompleted: body.analysisCompleted ?? false,
    analysisChangedStatus: body.analysisChangedStatus ?? false,
    createdAt: existing?.createdAt ?? now,
    updatedAt: now,
  };
  state.webhookConfigs.set(user.id, config);
  // The save response carries no updatedAt; the read does.
  const { updatedAt: _updatedAt, ...saved } = config;
  return metadataEnvelope(saved);
}

export const createWebhookConfiguration: OperationHandler<'createWebhookConfiguration'> = ({ body, user, runtime }) => ({
  body: saveConfiguration(body, user, runtime),
});
export const updateWebhookConfiguration: OperationHandler<'updateWebhookConfiguration'> = ({ body, user, runtime }) => ({
  body: saveConfiguration(body, user, runtime),
});

export const listWebhookDeliveries: OperationHandler<'listWebhookDeliveries'> = ({ user, runtime }) => ({
  body: metadataEnvelope(runtime.state.webhooks.history(user.id)),
});
