// What each provider state of the pacts asks of the provider. Each topic folder declares its states;
// a provider makes them true through its provider-state set-up call (provider-states.openapi.yaml;
// the stateful mock's is POST /__mock/provider-states). The verification refuses a pact that names
// a state nobody declared, and docs/provider-states.md is written from these declarations.

export interface ProviderState {
  /** What the provider must make true before the interaction, said to the service's team. */
  given: string;
  /** The state's params (sent in the set-up call), each with what it means. */
  params?: Record<string, string>;
  /** Values the set-up call must answer, by name, for the pact's `fromProviderState` expressions. */
  answers?: Record<string, string>;
  /**
   * True when the state holds on any deployment without a set-up call (facts about credentials, for
   * example): its interactions are verified even against a provider without one.
   */
  holdsAnywhere?: boolean;
}

export type ProviderStates = Record<string, ProviderState>;

/** Merges topic registries; a state defined twice is a mistake, not an override. */
export function mergeStates(...registries: ProviderStates[]): ProviderStates {
  const merged: ProviderStates = {};
  for (const registry of registries) {
    for (const [name, state] of Object.entries(registry)) {
      if (name in merged) throw new Error(`provider state "${name}" is defined twice`);
      merged[name] = state;
    }
  }
  return merged;
}
