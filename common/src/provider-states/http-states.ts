// Every provider state the HTTP pact names, from the topic folders: what the verification checks a
// pact against, and what docs/provider-states.md lists.
import { companyStates } from './companies.states.ts';
import { fundStates } from './funds.states.ts';
import { reportStates } from './reports.states.ts';
import { credentialStates } from './credential-states.ts';
import { mergeStates } from './provider-states.ts';
import { webhookStates } from './webhooks.states.ts';

export const httpPactStates = /* @__PURE__ */ mergeStates(
  credentialStates,
  companyStates,
  reportStates,
  fundStates,
  webhookStates,
);
