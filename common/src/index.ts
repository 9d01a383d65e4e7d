// The shared module's face: what more than one product (client, mock, conformance) needs, and the
// only way into common/ from outside it.
export { escapePointer, isPointer, pointerTokens, resolvePointer, unescapePointer } from './json-pointer.ts';
export {
  ANALYSIS_AWAITS_UPLOAD,
  COMPANY_EXISTS,
  COMPANY_LIST_FAILS,
  CREDITS_LEFT,
  companyStates,
} from './provider-states/companies.states.ts';
export {
  API_KEY_NOT_VALID,
  API_KEY_NOT_VALID_PARAMS,
  credentialStates,
  SESSION_TOKEN_NOT_VALID,
  SESSION_TOKEN_NOT_VALID_PARAMS,
} from './provider-states/credential-states.ts';
export {
  CONSUMER_ACCESS_TOKEN,
  CONSUMER_API_KEY,
  UNKNOWN_ACCESS_TOKEN,
  UNKNOWN_API_KEY,
} from './provider-states/credentials.ts';
export {
  ENGINE_AVAILABLE,
  ENGINE_UNREACHABLE,
  FOLDER_TOO_LARGE,
  FOLDER_UPLOADED,
  FOLDER_UPLOADED_NO_CREDITS,
  FUND_RUN_COMPLETED,
  FUND_RUN_WITHOUT_ROLE,
  fundStates,
  NO_SUCH_FOLDER,
  NO_SUCH_FUND_RUN,
} from './provider-states/funds.states.ts';
export { httpPactStates } from './provider-states/http-states.ts';
export { mergeStates, type ProviderState, type ProviderStates } from './provider-states/provider-states.ts';
export { COMPANY_HAS_COMPLETED_ANALYSIS, reportStates } from './provider-states/reports.states.ts';
export {
  DELIVERY_FAILED,
  NO_WEBHOOK_CONFIGURATION,
  WEBHOOK_CONFIGURED,
  webhookStates,
} from './provider-states/webhooks.states.ts';
