// Every provider state the HTTP pact names, from the topic folders: what the pipeline test and the
// `pact-verify` command hand to the verifier.
import { companyStates } from './companies/companies.states.ts';
import { fundStates } from './funds/funds.states.ts';
import { reportStates } from './reports/reports.states.ts';
import { credentialStates } from './support/credential-states.ts';
import { mergeStates } from './support/provider-states.ts';
import { webhookStates } from './webhooks/webhooks.states.ts';

export const serviceStates = mergeStates(credentialStates, companyStates, reportStates, fundStates, webhookStates);
