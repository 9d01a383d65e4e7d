// Provider states about credentials. They hold on any deployment (no provider issues these values),
// so their interactions are verified against providers without a set-up call too.
import { UNKNOWN_ACCESS_TOKEN, UNKNOWN_API_KEY } from './credentials.ts';
import type { ProviderStates } from './provider-states.ts';

export const API_KEY_NOT_VALID = 'the API key {apiKey} is not valid';
export const SESSION_TOKEN_NOT_VALID = 'the session token {accessToken} is not valid';

export const API_KEY_NOT_VALID_PARAMS = { apiKey: UNKNOWN_API_KEY };
export const SESSION_TOKEN_NOT_VALID_PARAMS = { accessToken: UNKNOWN_ACCESS_TOKEN };

export const credentialStates: ProviderStates = {
  [API_KEY_NOT_VALID]: {
    given: 'No user holds the API key `apiKey`. Nothing to arrange: the key is one no service issues.',
    params: { apiKey: 'an API key no service issues' },
    holdsAnywhere: true,
  },
  [SESSION_TOKEN_NOT_VALID]: {
    given: 'No session holds the token `accessToken`. Nothing to arrange: the token is one no service issues.',
    params: { accessToken: 'a session token no service issues' },
    holdsAnywhere: true,
  },
};
