// Webhook configuration (one per user; POST and PUT both create or update) and delivery history.
import type { components } from '../../../openapi/index.ts';
import type { UserRecord, WebhookConfigRecord } from '../domain/records.ts';
import { webhookUrlProblem, WEBHOOK_URL_GAP } from '../domain/webhook-url.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { errors } from '../http/errors.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { MockSession } from '../session.ts';
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
  runtime: MockSession,
  request: MockRequest,
): SuccessBodyOf<'createWebhookConfiguration'> {
  const problem = webhookUrlProblem(body.url, request.address);
  if (problem) throw errors.invalidRequest(`body ${problem}`, WEBHOOK_URL_GAP);
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

export const createWebhookConfiguration: OperationHandler<'createWebhookConfiguration'> = ({
  body,
  user,
  runtime,
  request,
}) => ({
  body: saveConfiguration(body, user, runtime, request),
});
export const updateWebhookConfiguration: OperationHandler<'updateWebhookConfiguration'> = ({
  body,
  user,
  runtime,
  request,
}) => ({
  body: saveConfiguration(body, user, runtime, request),
});

export const listWebhookDeliveries: OperationHandler<'listWebhookDeliveries'> = ({ user, runtime }) => ({
  body: metadataEnvelope(runtime.state.webhooks.history(user.id)),
});
