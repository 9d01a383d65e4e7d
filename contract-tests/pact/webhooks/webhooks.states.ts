// Provider states of the webhook configuration suites. Configurations and deliveries cannot be
// seeded, so they are made through the service's own operations as the mock's default user.
import { callService, settleMock } from '../../support/control-api.ts';
import { resetMock, resetToDefaultSeed } from '../support/mock-control.ts';
import type { ProviderStates } from '../support/provider-states.ts';

export const NO_WEBHOOK_CONFIGURATION = 'no webhook configuration exists';
export const WEBHOOK_CONFIGURED = 'a webhook configuration exists';
export const DELIVERY_FAILED = 'a webhook delivery could not reach the receiver';

const RECEIVER = 'https://receiver.heliogrid.example/hooks';
/** A port fetch refuses to connect to, so the delivery fails at once with a described error. */
const UNREACHABLE_RECEIVER = 'http://127.0.0.1:9/hooks';

export const webhookStates: ProviderStates = {
  [NO_WEBHOOK_CONFIGURATION]: { onMock: resetToDefaultSeed },
  [WEBHOOK_CONFIGURED]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      await callService(origin, `Bearer ${users[0]!.accessToken}`, 'POST', '/integration/webhook', { url: RECEIVER, analysisCompleted: true });
    },
  },
  [DELIVERY_FAILED]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      const user = users[0]!;
      await callService(origin, `Bearer ${user.accessToken}`, 'POST', '/integration/webhook', { url: UNREACHABLE_RECEIVER, analysisCompleted: true });
      await callService(origin, user.apiKey, 'POST', '/integration/project', {
        companyName: 'Helio Grid',
        projectType: 'projectAnalysisNoFile',
        companyWebsite: 'https://heliogrid.example',
      });
      // The analysis completes and its analysisCompleted delivery fails before settle answers.
      await settleMock(origin);
    },
  },
};
