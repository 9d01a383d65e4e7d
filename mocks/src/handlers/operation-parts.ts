// What a service call reads of a session whose stored image is still being fetched (PostgreSQL):
// each operation named here fetches its own records before its rule runs, as the company list does
// (companies.ts); any other waits for the whole image. With every record at hand (a fresh session, a
// state file, an image fetched whole) nothing here runs.
import { fetchAnalysis, fetchMatching, fetchNewIds, fetchProject, newIdsDrawn } from '../persistence/fetch-parts.ts';
import type { OperationInput, ServiceOperation } from './operation-types.ts';

export interface OwnParts<O extends ServiceOperation> {
  /** Resolves once what the rule reads is at hand. */
  fetch(input: OperationInput<O>): Promise<void>;
  /**
   * What the fetch was for, when another request may change it while it runs (the ids a creation
   * draws): the caller fetches again until it is unchanged, then runs the rule at once.
   */
  drawn?(input: OperationInput<O>): string;
}

const nothing = async () => {};

/** The operations that fetch only what they read (`listProjects` does it in its handler; service-routes.ts runs them). */
export const OWN_PARTS: { [O in ServiceOperation]?: OwnParts<O> } = {
  createProject: {
    fetch: ({ runtime }) => fetchNewIds(runtime.state),
    drawn: ({ runtime }) => newIdsDrawn(runtime.state),
  },
  processMessage: { fetch: ({ runtime, body }) => fetchProject(runtime.state, body.projectId) },
  uploadAnalysisFiles: {
    fetch: ({ runtime, request }) => fetchAnalysis(runtime.state, String(request.headers.analysisid)),
  },
  getAnalysisDetail: { fetch: ({ runtime, query }) => fetchAnalysis(runtime.state, query.analysisId) },
  retrieveReport: {
    fetch: async ({ runtime, query }) => {
      await fetchProject(runtime.state, query.projectId);
      await fetchAnalysis(runtime.state, query.analysisId);
    },
  },
  getFullReport: { fetch: ({ runtime, query }) => fetchProject(runtime.state, query.projectId) },
  // Ids only: the caller's projects, no analysis.
  searchProjects: { fetch: ({ runtime, user, query }) => fetchMatching(runtime.state, user, query.keywords, [0, 0]) },
  // Fund runs and folders are not in an image's lazy parts. A run that finishes with companies
  // reads the owner's projects and creates some (by a job, outside any request): that start waits
  // for the whole image, as before.
  getFundRunSummary: { fetch: nothing },
  startFundRun: {
    fetch: async ({ runtime, body }) => {
      if (body.projectMode !== 'none') await runtime.whole();
    },
  },
  // Webhook configurations and deliveries are not projects or analyses: never in an image's lazy parts.
  getWebhookConfiguration: { fetch: nothing },
  createWebhookConfiguration: { fetch: nothing },
  updateWebhookConfiguration: { fetch: nothing },
  listWebhookDeliveries: { fetch: nothing },
};
