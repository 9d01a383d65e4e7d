// Provider states about credentials. They hold on any deployment (no provider issues these values),
// so their interactions are verified against external providers too.
import { UNKNOWN_ACCESS_TOKEN, UNKNOWN_API_KEY } from './credentials.ts';
import { resetToDefaultSeed } from './mock-control.ts';
import type { ProviderStates } from './provider-states.ts';

export const API_KEY_NOT_VALID = 'the API key {apiKey} is not valid';
export const SESSION_TOKEN_NOT_VALID = 'the session token {accessToken} is not valid';

export const API_KEY_NOT_VALID_PARAMS = { apiKey: UNKNOWN_API_KEY };
export const SESSION_TOKEN_NOT_VALID_PARAMS = { accessToken: UNKNOWN_ACCESS_TOKEN };

export const credentialStates: ProviderStates = {
  [API_KEY_NOT_VALID]: { holdsAnywhere: true, onMock: resetToDefaultSeed },
  [SESSION_TOKEN_NOT_VALID]: { holdsAnywhere: true, onMock: resetToDefaultSeed },
};
