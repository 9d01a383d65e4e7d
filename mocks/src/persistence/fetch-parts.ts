// Where a stored image's parts are fetched apart (PostgreSQL): what a company list, a look-up or a
// creation waits for before the domain answers it, and what a replay of the changes written since the image waits
// for. Persistence, not the service's rules: with every record at hand (a fresh session, a state
// file) each resolves at once, so no client can tell it is there. The tables' own look-ups
// (domain/tracked-map.ts, project-table.ts, analysis-table.ts) throw when they read what is not
// fetched yet.
import type { AnalysisTable } from '../domain/analysis-table.ts';
import type { ProjectTable } from '../domain/project-table.ts';
import { projectsOf } from '../domain/projects.ts';
import type { MockState } from '../domain/state.ts';
import type { UserRecord } from '../domain/records.ts';
import type { TrackedMap } from '../domain/tracked-map.ts';

/**
 * Resolves once the parts holding a user's projects from `start` to before `end` (no keywords) and
 * their analyses are at hand, so a list's page reads nothing still to be fetched. At once when
 * nothing is to be fetched.
 */
export async function fetchProjectPage(state: MockState, user: UserRecord, start: number, end: number): Promise<void> {
  await state.projects.fetchOwnedReadBack(user.id, start, end);
  const matching = projectsOf(state, user, '');
  await fetchPlaces(state.projects, matching.places(start, end));
  await fetchAnalysesOf(
    state.analyses,
    matching.slice(start, end).map((project) => project.id),
  );
}

/**
 * For a list with keywords or an order, and a search: every project of the user (a keyword match
 * or a sort reads them all; found by the index of their owners), and the analyses of those shown
 * (`shown`: from and to among the matches; undefined for all of them, as a sort builds every view).
 */
export async function fetchMatching(
  state: MockState,
  user: UserRecord,
  keywords: string,
  shown: [number, number] | undefined,
): Promise<void> {
  await state.projects.fetchEveryOwned(user.id);
  if ((shown && shown[0] >= shown[1]) || !state.analyses.fetchesApart) return;
  const projects = projectsOf(state, user, keywords).slice(shown?.[0] ?? 0, shown?.[1]);
  // Past this many, the sections and parts of nearly every analysis: every part fetched at once,
  // with the sections the search of each project's analyses reads (the parts hold none of them).
  if (projects.length > MANY_PROJECTS) {
    await state.analyses.fetchReadBack({ values: projects.map((project) => project.id) });
    await state.analyses.fetchEveryReadBack();
  } else
    await fetchAnalysesOf(
      state.analyses,
      projects.map((project) => project.id),
    );
}

/** Projects whose analyses are fetched part by part (a look-up of their positions each) rather than all at once. */
const MANY_PROJECTS = 10_000;

/**
 * Before settling or moving the processing clock: what the pending jobs read (an analysis and its
 * project; a finishing fund run: `whole`, see startFundRun in operation-parts.ts).
 */
export async function fetchPendingWork(state: MockState, whole: () => Promise<void>): Promise<void> {
  const analysisIds: string[] = [];
  for (const { job } of state.scheduler.pendingJobs()) {
    if ('analysisId' in job) analysisIds.push(job.analysisId);
    else if (job.kind === 'runFinish' && state.fundRuns.get(job.fundExtractionId)?.projectMode !== 'none')
      return whole();
  }
  await fetchRecords(state.analyses, analysisIds);
  const projectIds = analysisIds.flatMap((id) => {
    const analysis = state.analyses.get(id);
    return analysis ? [analysis.projectId] : [];
  });
  await fetchRecords(state.projects, projectIds);
}

/** The same for a look-up by id: the keys, the part holding the project and those holding its analyses (not the whole image). */
export async function fetchProject(state: MockState, projectId: string): Promise<void> {
  await fetchKey(state.projects, projectId);
  if (state.projects.has(projectId)) await fetchAnalysesOf(state.analyses, [projectId]);
}

/** Resolves once the record of this key (if read back) can be built. */
async function fetchKey<V>(table: TrackedMap<V>, key: string): Promise<void> {
  await fetchRecords(table, [key]);
}

/** Resolves once the records of these keys (those read back) can be built or set: a replay of changes sets them. */
export async function fetchRecords<V>(table: TrackedMap<V>, keys: readonly string[]): Promise<void> {
  if (!table.fetchesApart || !keys.length) return;
  await table.fetchReadBack({ keys });
  await table.fetchToBuild(table.readBackPositions(keys));
}

/** Resolves once these keys can be looked up in the table (their records are not fetched): a replay sets them next. */
export async function fetchKeys<V>(table: TrackedMap<V>, keys: readonly string[]): Promise<void> {
  if (keys.length) await table.fetchReadBack({ keys });
}

/** Resolves once these projects' analyses (read back) can be built. */
async function fetchAnalysesOf(table: AnalysisTable, projectIds: readonly string[]): Promise<void> {
  if (!table.fetchesApart) return;
  const asked = projectIds.filter((id) => !table.searchedAlready(id));
  if (!asked.length) return;
  await table.fetchReadBack({ values: asked });
  await table.fetchToBuild(asked.flatMap((id) => table.readBackOf(id)));
}

/** Resolves once the projects at these places of the table's order can be built. */
async function fetchPlaces(table: ProjectTable, places: readonly number[]): Promise<void> {
  await table.fetchToBuild(table.readBackAt(places));
}

/** How many ids a rule that creates records may draw (a company, its entity, its analysis). */
const NEW_IDS = 3;

/**
 * Before a rule that creates records: what finding the ids it will draw reads (a set asks whether
 * the id is one read back).
 */
export async function fetchNewIds(state: MockState): Promise<void> {
  await fetchKeys(state.projects, state.ids.upcoming(NEW_IDS, 'project'));
  await fetchKeys(state.analyses, state.ids.upcoming(NEW_IDS, 'analysis'));
}

/** The ids `fetchNewIds` fetched for, as one string: another request that drew them changes it. */
export function newIdsDrawn(state: MockState): string {
  return state.ids.upcoming(NEW_IDS, 'project').join();
}

/** For a look-up of an analysis by id: its record, its project and that project's analyses. */
export async function fetchAnalysis(state: MockState, analysisId: string): Promise<void> {
  await fetchKey(state.analyses, analysisId);
  const analysis = state.analyses.get(analysisId);
  if (analysis) await fetchProject(state, analysis.projectId);
}
