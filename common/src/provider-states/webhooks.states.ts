// Provider states of the webhook configuration suites: what the provider's set-up call must make true.
import type { ProviderStates } from './provider-states.ts';

export const NO_WEBHOOK_CONFIGURATION = 'no webhook configuration exists';
export const WEBHOOK_CONFIGURED = 'a webhook configuration exists';
export const DELIVERY_FAILED = 'a webhook delivery could not reach the receiver';

export const webhookStates: ProviderStates = {
  [NO_WEBHOOK_CONFIGURATION]: {
    given: 'The caller (the user of the session token) has no webhook configuration and no delivery history.',
  },
  [WEBHOOK_CONFIGURED]: {
    given: 'The caller has a webhook configuration: an HTTPS receiver URL, subscribed to analysisCompleted.',
  },
  [DELIVERY_FAILED]: {
    given:
      "The caller's receiver is subscribed to analysisCompleted, an analysis of the caller completed, and its delivery failed: the receiver could not be reached (the history holds the failed delivery with its error).",
  },
};
