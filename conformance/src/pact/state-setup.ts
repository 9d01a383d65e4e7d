// The provider's set-up call (--provider-states-setup-url) made by our own state handlers rather
// than handed to the verifier as its deprecated providerStatesSetupUrl: the call then carries the
// mock session (X-Mock-Session) like every other request of the run, and the verifier prints no
// deprecation warning. Body and answer are Pact's: { state, params, action: 'setup' } in, the
// values the interaction reads (fromProviderState) out.
import { fetchInSession } from '../mock-session.ts';
import type { StateHandlers } from './run-verifier.ts';

type Json = Parameters<NonNullable<Extract<StateHandlers[string], (...args: never[]) => unknown>>>[0];

export function stateSetupHandlers(states: Iterable<string>, setupUrl: string, session?: string): StateHandlers {
  const post = fetchInSession(session);
  const setup = (state: string) => async (params?: Json) => {
    const answer = await post(setupUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state, params: params ?? {}, action: 'setup' }),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${setupUrl} answered ${answer.status} for "${state}": ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as Record<string, never>) : undefined;
  };
  return Object.fromEntries([...states].map((state) => [state, setup(state)]));
}
