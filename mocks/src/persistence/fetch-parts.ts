// Where a stored image's parts are fetched apart (PostgreSQL): what a company list, a look-up or a
// creation waits for before the domain answers it. Persistence, not the service's rules: with every
// record at hand (a fresh session, a state file) each resolves at once, so no client can tell it is there.
import { projectsOf } from '../domain/projects.ts';
import type { MockState } from '../domain/state.ts';
import type { UserRecord } from '../domain/records.ts';

/**
 * Resolves once the parts holding a user's projects from `start` to before `end` (no keywords) and
 * their analyses are at hand, so a list's page reads nothing still to be fetched. At once when
 * nothing is to be fetched.
 */
export async function fetchProjectPage(state: MockState, user: UserRecord, start: number, end: number): Promise<void> {
  await state.projects.fetchOwned(user.id, start, end);
  const matching = projectsOf(state, user, '');
  await state.projects.fetchPlaces(matching.places(start, end));
  await state.analyses.fetchOf(matching.slice(start, end).map((project) => project.id));
}

/** The same for a look-up by id: the keys, the part holding the project and those holding its analyses (not the whole image). */
export async function fetchProject(state: MockState, projectId: string): Promise<void> {
  await state.projects.fetchKey(projectId);
  if (state.projects.has(projectId)) await state.analyses.fetchOf([projectId]);
}

/** How many ids a rule that creates records may draw (a company, its entity, its analysis). */
const NEW_IDS = 3;

/**
 * Before a rule that creates records: what finding the ids it will draw reads (a set asks whether
 * the id is one read back).
 */
export async function fetchNewIds(state: MockState): Promise<void> {
  await state.projects.fetchKeys(state.ids.upcoming(NEW_IDS, 'project'));
  await state.analyses.fetchKeys(state.ids.upcoming(NEW_IDS, 'analysis'));
}

/** The ids `fetchNewIds` fetched for, as one string: another request that drew them changes it. */
export function newIdsDrawn(state: MockState): string {
  return state.ids.upcoming(NEW_IDS, 'project').join();
}

/** For a look-up of an analysis by id: its record, its project and that project's analyses. */
export async function fetchAnalysis(state: MockState, analysisId: string): Promise<void> {
  await state.analyses.fetchKey(analysisId);
  const analysis = state.analyses.get(analysisId);
  if (analysis) await fetchProject(state, analysis.projectId);
}
