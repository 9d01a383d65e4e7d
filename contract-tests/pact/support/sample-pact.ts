// A two-interaction HTTP pact for the tests of the command-line tools: a 401 whose state holds
// anywhere, and a company list whose state only the provider's set-up call can arrange.
import { MatchersV3, PactV4 } from '@pact-foundation/pact';
import { API_KEY_NOT_VALID, COMPANY_EXISTS, CONSUMER_API_KEY, UNKNOWN_API_KEY } from '../../../common/src/index.ts';
import { recordAllowingPactRace } from './http-consumer.ts';
import { HTTP_PROVIDER, pactFilePath } from '../../../conformance/src/pact/pact-location.ts';

export const SAMPLE_COMPANY = { projectId: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10', companyName: 'Helio Grid' };
export const SAMPLE_UNKNOWN_KEY = 'a list request with an unknown key';
export const SAMPLE_COMPANY_LIST = 'a list request with the API key';

/** Writes the pact of `consumer` with the service into `dir` and answers its path. */
export async function writeSamplePact(consumer: string, dir: string): Promise<string> {
  const pact = new PactV4({ consumer, provider: HTTP_PROVIDER, dir, logLevel: 'error' });
  const list = (
    state: string,
    params: Record<string, string>,
    description: string,
    authorization: string,
    status: number,
    body: unknown,
  ) =>
    recordAllowingPactRace(() =>
      pact
        .addInteraction()
        .given(state, params)
        .uponReceiving(description)
        .withRequest('GET', '/api/integration/projects', (b) => b.headers({ Authorization: authorization }))
        .willRespondWith(status, (b) => b.jsonBody(body))
        .executeTest((s) => fetch(`${s.url}/api/integration/projects`, { headers: { Authorization: authorization } })),
    );
  await list(API_KEY_NOT_VALID, { apiKey: UNKNOWN_API_KEY }, SAMPLE_UNKNOWN_KEY, UNKNOWN_API_KEY, 401, {
    code: '4010',
  });
  await list(COMPANY_EXISTS, SAMPLE_COMPANY, SAMPLE_COMPANY_LIST, CONSUMER_API_KEY, 200, {
    code: '1000',
    data: MatchersV3.eachLike({ id: MatchersV3.uuid(SAMPLE_COMPANY.projectId) }),
  });
  return pactFilePath(consumer, HTTP_PROVIDER, dir);
}
