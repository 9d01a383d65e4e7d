// Message provider verification: the Pact verifier asks the provider's message builders for each
// message of the pact and matches it against the consumer's expectation.
import type { MessageProviders } from '@pact-foundation/pact';
import { isMessage, readPact } from '../../../conformance/src/pact/pact-file.ts';
import { runVerifier, type StateHandlers, type VerifierOutcome } from '../../../conformance/src/pact/run-verifier.ts';

export async function verifyMessagePact(options: {
  pactFile: string;
  messageProviders: MessageProviders;
  stateHandlers: StateHandlers;
}): Promise<VerifierOutcome> {
  const pact = await readPact(options.pactFile);
  const messages = pact.interactions.filter(isMessage).map((i) => i.description);
  const missing = messages.filter((d) => !(d in options.messageProviders));
  if (missing.length) throw new Error(`no message provider for: ${missing.join('; ')}`);
  return runVerifier(
    {
      provider: pact.provider.name,
      pactUrls: [options.pactFile],
      messageProviders: options.messageProviders,
      stateHandlers: options.stateHandlers,
    },
    messages,
  );
}
