// The consumer case every operation has: credentials that are not valid are refused with 401 `4010`,
// which the client turns into its `unauthorized` error.
import type { TemplateHeaders } from '@pact-foundation/pact';
import type { IntegrationClient } from '../../../client/src/index.ts';
import {
  API_KEY_NOT_VALID,
  API_KEY_NOT_VALID_PARAMS,
  SESSION_TOKEN_NOT_VALID,
  SESSION_TOKEN_NOT_VALID_PARAMS,
  UNKNOWN_ACCESS_TOKEN,
  UNKNOWN_API_KEY,
} from '../../../common/src/index.ts';
import {
  clientAt,
  type ConsumerCase,
  expectIntegrationError,
  type RequestBuilder,
  UNAUTHORIZED,
  UNKNOWN_API_KEY_HEADER,
  UNKNOWN_BEARER_HEADER,
} from './http-consumer.ts';

const CREDENTIALS = {
  'API key': {
    state: API_KEY_NOT_VALID,
    params: API_KEY_NOT_VALID_PARAMS,
    header: UNKNOWN_API_KEY_HEADER,
    client: { apiKey: UNKNOWN_API_KEY },
  },
  'session token': {
    state: SESSION_TOKEN_NOT_VALID,
    params: SESSION_TOKEN_NOT_VALID_PARAMS,
    header: UNKNOWN_BEARER_HEADER,
    client: { accessToken: UNKNOWN_ACCESS_TOKEN },
  },
};

export function refusedCredentials(options: {
  /** The request, e.g. `a company list request`; the case is named `<what> with an API key that is not valid`. */
  what: string;
  credential: keyof typeof CREDENTIALS;
  method: string;
  path: string;
  /** Query and body as the client sends them; `authorization` is the header to set. Default: the header only. */
  request?: (builder: RequestBuilder, authorization: TemplateHeaders) => unknown;
  call: (client: IntegrationClient) => Promise<unknown>;
}): ConsumerCase {
  const credential = CREDENTIALS[options.credential];
  const name = `${options.what} with ${options.credential === 'API key' ? 'an' : 'a'} ${options.credential} that is not valid`;
  const request = options.request ?? ((b, authorization) => b.headers(authorization));
  return {
    name,
    record: (pact) =>
      pact
        .addInteraction()
        .given(credential.state, credential.params)
        .uponReceiving(name)
        .withRequest(options.method, options.path, (b) => void request(b, credential.header))
        .willRespondWith(401, (b) => b.jsonBody(UNAUTHORIZED))
        .executeTest((server) =>
          expectIntegrationError(options.call(clientAt(server, credential.client)), {
            kind: 'unauthorized',
            code: '4010',
            status: 401,
          }),
        ),
  };
}
