// Provider verification of the pacts a broker holds for the service: the Pact verifier fetches them
// with consumer version selectors (pending and work-in-progress pacts included), the provider's
// set-up call arranges each state, the consumer's credentials are swapped for the deployment's, and
// the results are published to the broker when asked.
import type { VerifierOptions } from '@pact-foundation/pact';
import { credentialSwap, type ProviderTarget, verifierBaseUrl } from '../pact/provider-target.ts';
import { runVerifier, type VerifierOutcome } from '../pact/run-verifier.ts';
import { stateSetupHandlers } from '../pact/state-setup.ts';
import { httpPactStates } from '../../../common/src/index.ts';

export type ConsumerVersionSelector = NonNullable<VerifierOptions['consumerVersionSelectors']>[number];

/** The Pact docs' recommended selectors: the consumers' main branches, what is deployed or released, and the provider's own branch name. */
export const DEFAULT_SELECTORS: ConsumerVersionSelector[] = [
  { mainBranch: true },
  { deployedOrReleased: true },
  { matchingBranch: true },
];

export interface BrokerVerification {
  brokerUrl: string;
  provider: string;
  target: ProviderTarget;
  providerVersion: string;
  providerBranch: string;
  selectors: ConsumerVersionSelector[];
  /** Work-in-progress pacts published since this date are verified too (as pending). */
  includeWipPactsSince?: string;
  publish: boolean;
  env: NodeJS.ProcessEnv;
}

export function verifyFromBroker(options: BrokerVerification): Promise<VerifierOutcome> {
  const { env, target } = options;
  if (!target.statesSetupUrl) {
    throw new Error(
      "verifying a broker's pacts needs the provider's set-up call: pass --provider-states-setup-url or set PROVIDER_STATES_SETUP_URL",
    );
  }
  return runVerifier({
    provider: options.provider,
    providerBaseUrl: verifierBaseUrl(target),
    pactBrokerUrl: options.brokerUrl,
    // The verifier refuses a token next to basic auth, even an undefined one: only what is set is passed.
    ...(env.PACT_BROKER_TOKEN ? { pactBrokerToken: env.PACT_BROKER_TOKEN } : {}),
    ...(env.PACT_BROKER_USERNAME
      ? { pactBrokerUsername: env.PACT_BROKER_USERNAME, pactBrokerPassword: env.PACT_BROKER_PASSWORD ?? '' }
      : {}),
    consumerVersionSelectors: options.selectors,
    enablePending: true,
    ...(options.includeWipPactsSince ? { includeWipPactsSince: options.includeWipPactsSince } : {}),
    publishVerificationResult: options.publish,
    providerVersion: options.providerVersion,
    providerVersionBranch: options.providerBranch,
    // The broker's pacts are this service's: the states they may name are the declared ones.
    stateHandlers: stateSetupHandlers(Object.keys(httpPactStates), target.statesSetupUrl, target.session),
    requestFilter: credentialSwap(target),
  });
}
