// The company fields a gap profile's extra search fields are copied from, for both faces of the mock
// (gap-profile.ts over Fastify, msw/profiled-fetch.ts over Fetch). Kept out of domain/: only a
// profiled mock reads it.
import { projectView } from './domain/project-views.ts';
import type { MockState } from './domain/state.ts';

/**
 * The listed fields of a company by id, in the state `stateOf` answers (asked once, on first use);
 * an empty object for an id the state does not hold. For a gap profile's extra search fields.
 *
 * @example
 * const fieldsOf = listedCompanyFields(() => session.state);
 * fieldsOf(projectId).companyCountry;
 */
export function listedCompanyFields(stateOf: () => MockState): (id: string) => Record<string, unknown> {
  let state: MockState | undefined;
  return (id) => {
    state ??= stateOf();
    const record = state.projects.get(id);
    return record ? (projectView(state, record) as Record<string, unknown>) : {};
  };
}
