// Consumer expectations of the webhook configuration and history calls, which take a session token
// (`Authorization: Bearer <token>`): each success and the refusal of a token that is not valid.
import { MatchersV3 } from '@pact-foundation/pact';
import { BEARER_HEADER, clientAt, type ConsumerCase } from '../support/http-consumer.ts';
import { contractEnum, isoDateTime, SUCCESS_OUTCOME } from '../support/matchers.ts';
import { refusedCredentials } from '../support/refused-credentials.ts';
import { DELIVERY_FAILED, NO_WEBHOOK_CONFIGURATION, WEBHOOK_CONFIGURED } from '../../../common/src/index.ts';

const { like, eachLike, boolean } = MatchersV3;

const CONFIG = '/api/integration/webhook';
const HISTORY = '/api/integration/webhook/history';
const RECEIVER = 'https://receiver.heliogrid.example/hooks';
const SETTINGS = { url: RECEIVER, analysisCompleted: true, analysisChangedStatus: false };

const savedConfiguration = {
  id: like('e0000000-0000-4000-8000-000000000001'),
  url: like(RECEIVER),
  analysisCompleted: boolean(true),
  analysisChangedStatus: boolean(false),
  createdAt: isoDateTime('2026-01-01T00:00:04.000Z'),
};
const settingsBody = { url: like(RECEIVER), analysisCompleted: boolean(true), analysisChangedStatus: boolean(false) };

type Save = 'createWebhookConfiguration' | 'updateWebhookConfiguration';
const saves: { method: 'POST' | 'PUT'; call: Save; state: string }[] = [
  { method: 'POST', call: 'createWebhookConfiguration', state: NO_WEBHOOK_CONFIGURATION },
  { method: 'PUT', call: 'updateWebhookConfiguration', state: WEBHOOK_CONFIGURED },
];

export const webhooksConsumer: ConsumerCase[] = [
  {
    name: 'the current webhook configuration',
    record: (pact) =>
      pact
        .addInteraction()
        .given(WEBHOOK_CONFIGURED)
        .uponReceiving('a request for the current webhook configuration')
        .withRequest('GET', CONFIG, (b) => b.headers(BEARER_HEADER))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            metadata: SUCCESS_OUTCOME,
            data: { ...savedConfiguration, updatedAt: isoDateTime('2026-01-01T00:00:04.000Z') },
          }),
        )
        .executeTest(async (server) => {
          const current = await clientAt(server).getWebhookConfiguration();
          if (current.data?.url !== RECEIVER) throw new Error(`unexpected configuration ${JSON.stringify(current)}`);
        }),
  },
  refusedCredentials({
    what: 'a webhook configuration read',
    credential: 'session token',
    method: 'GET',
    path: CONFIG,
    call: (client) => client.getWebhookConfiguration(),
  }),
  ...saves.flatMap(({ method, call, state }): ConsumerCase[] => [
    {
      name: `the webhook configuration saved with ${method}`,
      record: (pact) =>
        pact
          .addInteraction()
          .given(state)
          .uponReceiving(`a ${method} of the webhook configuration`)
          .withRequest(method, CONFIG, (b) => b.headers(BEARER_HEADER).jsonBody(settingsBody))
          .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME, data: savedConfiguration }))
          .executeTest(async (server) => {
            const saved = await clientAt(server)[call](SETTINGS);
            if (saved.data.url !== RECEIVER) throw new Error(`unexpected configuration ${JSON.stringify(saved)}`);
          }),
    },
    refusedCredentials({
      what: `a ${method} of the webhook configuration`,
      credential: 'session token',
      method,
      path: CONFIG,
      request: (b, authorization) => b.headers(authorization).jsonBody(settingsBody),
      call: (client) => client[call](SETTINGS),
    }),
  ]),
  {
    name: 'the webhook delivery history',
    record: (pact) =>
      pact
        .addInteraction()
        .given(DELIVERY_FAILED)
        .uponReceiving('a request for the webhook delivery history')
        .withRequest('GET', HISTORY, (b) => b.headers(BEARER_HEADER))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            metadata: SUCCESS_OUTCOME,
            data: eachLike({
              event: like('analysisCompleted'),
              status: contractEnum('#/components/schemas/WebhookDelivery/properties/status', 'Error Request'),
              statusDescription: like('The receiver could not be reached'),
              createdAt: isoDateTime('2026-01-01T00:00:07.000Z'),
            }),
          }),
        )
        .executeTest(async (server) => {
          const history = await clientAt(server).listWebhookDeliveries();
          if (history.data[0]?.status !== 'Error Request')
            throw new Error(`unexpected history ${JSON.stringify(history)}`);
        }),
  },
  refusedCredentials({
    what: 'a webhook delivery history request',
    credential: 'session token',
    method: 'GET',
    path: HISTORY,
    call: (client) => client.listWebhookDeliveries(),
  }),
];
