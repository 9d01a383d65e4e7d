// How a provider state of the pacts is made true. Each topic folder exports its states; the
// verification refuses a pact that names a state nobody can arrange.
import type { ProviderTarget } from './provider-target.ts';

export type StateParams = Record<string, unknown>;
/** Values a state hands to the verifier for the pact's `fromProviderState` expressions (ids the mock generated). */
export type InjectedValues = Record<string, string>;

export interface ProviderState {
  /**
   * Makes the state true on the stateful mock (through its control API at `mockOrigin`). Absent when
   * the mock has no way to arrange it: the interactions then count as not verifiable, never as passed.
   */
  onMock?(params: StateParams, mockOrigin: string): Promise<InjectedValues | void>;
  /**
   * True when the state holds on any deployment without arranging anything (facts about credentials,
   * for example). Every other state cannot be arranged on an external provider.
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

export function canArrange(state: ProviderState, target: ProviderTarget): boolean {
  return target.kind === 'mock' ? state.onMock !== undefined : state.holdsAnywhere === true;
}
