// Polls an analysis until it reaches a final status. The analysis detail read carries no status;
// the documented reads that do are the company list and the full report, both through the
// project's `analyses` (AnalysisSummary). The full report is read: it names one project by id,
// and its `projectDetail` is always returned, whatever else is selected.
import type { components } from '../../openapi/index.ts';
import { IntegrationError } from './integration-error.ts';
import { pollUntilFinal, type PollOptions } from './poll-until-final.ts';

type AnalysisSummary = components['schemas']['AnalysisSummary'];
type FullReport = components['schemas']['FullReport'];

export type WaitForAnalysisOptions = PollOptions<AnalysisSummary>;

const FINAL_STATUSES: ReadonlySet<AnalysisSummary['status']> = new Set(['completed', 'failed']);

/** The smallest selection: one part (`investments`) and no chapter key, so `analysisDetail` is null. */
export const ANALYSIS_POLL_SECTIONS = 'investments';

export function waitForAnalysis(
  readFullReport: (projectId: string, signal: AbortSignal) => Promise<FullReport>,
  projectId: string,
  analysisId: string,
  options: WaitForAnalysisOptions = {},
): Promise<AnalysisSummary> {
  return pollUntilFinal({
    subject: `Analysis ${analysisId} of project ${projectId}`,
    caller: 'waitForAnalysis',
    read: async (signal) => {
      const report = await readFullReport(projectId, signal);
      const analysis = report.projectDetail.analyses.find((a) => a.id === analysisId);
      if (!analysis) {
        throw new IntegrationError({
          kind: 'not-found',
          status: 200,
          code: null,
          title: 'Analysis not found',
          description: `Project ${projectId} lists no analysis ${analysisId} in its full report.`,
        });
      }
      return analysis;
    },
    isFinal: (analysis) => FINAL_STATUSES.has(analysis.status),
    finalStates: 'completed or failed',
    options,
  });
}
