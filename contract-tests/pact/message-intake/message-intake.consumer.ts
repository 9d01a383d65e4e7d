// Consumer expectations of message intake: a message attached to a company, and the refusal of an
// API key that is not valid.
import { MatchersV3 } from '@pact-foundation/pact';
import { COMPANY_EXISTS } from '../../../common/src/index.ts';
import { PROJECT_ID } from '../companies/company-expectations.ts';
import { API_KEY_HEADER, clientAt, type ConsumerCase } from '../support/http-consumer.ts';
import { SUCCESS_OUTCOME } from '../support/matchers.ts';
import { refusedCredentials } from '../support/refused-credentials.ts';

const { like, uuid } = MatchersV3;

const MESSAGE = { projectId: PROJECT_ID, content: 'Follow-up call with the founders on Friday.' };
const PATH = '/api/integration/processmessage';

export const messageIntakeConsumer: ConsumerCase[] = [
  {
    name: 'a message attached to a company',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_EXISTS, { projectId: PROJECT_ID, companyName: 'Helio Grid' })
        .uponReceiving('a message for a company')
        .withRequest('POST', PATH, (b) =>
          b.headers(API_KEY_HEADER).jsonBody({ projectId: uuid(PROJECT_ID), content: like(MESSAGE.content) }),
        )
        .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME, data: null }))
        .executeTest(async (server) => {
          const answer = await clientAt(server).processMessage(MESSAGE);
          if (answer.data !== null || answer.code !== '1000')
            throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
        }),
  },
  refusedCredentials({
    what: 'a message',
    credential: 'API key',
    method: 'POST',
    path: PATH,
    request: (b, authorization) =>
      b.headers(authorization).jsonBody({ projectId: uuid(PROJECT_ID), content: like(MESSAGE.content) }),
    call: (client) => client.processMessage(MESSAGE),
  }),
];
