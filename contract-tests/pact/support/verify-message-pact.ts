// Message provider verification: the Pact verifier asks the provider's message builders for each
// message of the pact and matches it against the consumer's expectation.
import { readFile } from 'node:fs/promises';
import type { MessageProviders } from '@pact-foundation/pact';
import { runVerifier, type StateHandlers, type VerifierOutcome } from './run-verifier.ts';

export async function verifyMessagePact(options: {
  pactFile: string;
  messageProviders: MessageProviders;
  stateHandlers: StateHandlers;
}): Promise<VerifierOutcome> {
  const pact = JSON.parse(await readFile(options.pactFile, 'utf8')) as { provider: { name: string }; interactions: { description: string; type?: string }[] };
  const messages = pact.interactions.filter((i) => i.type === 'Asynchronous/Messages').map((i) => i.description);
  const missing = messages.filter((d) => !(d in options.messageProviders));
  if (missing.length) throw new Error(`no message provider for: ${missing.join('; ')}`);
  return runVerifier(
    { provider: pact.provider.name, pactUrls: [options.pactFile], messageProviders: options.messageProviders, stateHandlers: options.stateHandlers },
    messages,
  );
}
