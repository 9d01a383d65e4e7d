// Analysis reads: analysis detail, retrieve report and the full report with `sections` filtering.
import type { components } from '../../../openapi/index.ts';
import { ownAnalysis, ownProject } from '../domain/projects.ts';
import { analysisDetailView, projectDetailView, projectGaps } from '../domain/project-views.ts';
import type { AnalysisRecord } from '../domain/records.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { errors, MockHttpError } from '../http/errors.ts';
import type { OperationHandler } from './operation-types.ts';

type Schemas = components['schemas'];

const UNKNOWN_ANALYSIS_GAP = 'error for an unknown analysis id';
const NOT_COMPLETED_GAP =
  'analysis reads of an analysis that has not completed: the mock answers 409 MOCK_ANALYSIS_NOT_COMPLETED';
const REPORT_FIELDS_GAP = 'report-generation field names of retrievereport: the mock returns the analysis detail only';
const PARTS_GAP =
  'inner fields of projectvotesummary and eventsConfigsRelevantCompanyEvent, investment records and reportingCycle value types: the mock returns empty or null values';
const OWNER_KEY_GAP = 'key of the owner in projectDetail: the mock leaves it out';

/** Full report part keys and the fields they select; any other key is a chapter key. */
const PART_KEYS: Record<string, (keyof Schemas['FullReport'])[]> = {
  dealscore: ['projectcompanyfit'],
  projectcompanyfit: ['projectcompanyfit'],
  relevantCompanyEvents: ['eventsConfigsRelevantCompanyEvent'],
  votes: ['projectvotesummary'],
  votesAndNotes: ['projectvotesummary'],
  investments: ['investments', 'totalInvestment'],
  reportingCycle: ['reportingCycle'],
};

function completed(analysis: AnalysisRecord): AnalysisRecord {
  if (analysis.status !== 'completed') {
    throw new MockHttpError(
      409,
      'MOCK_ANALYSIS_NOT_COMPLETED',
      'Analysis not completed',
      `Analysis ${analysis.id} is ${analysis.status}; its detail exists once it is completed`,
      NOT_COMPLETED_GAP,
    );
  }
  return analysis;
}

export const getAnalysisDetail: OperationHandler<'getAnalysisDetail'> = ({ query, user, runtime }) => {
  const { state } = runtime;
  const analysis = completed(ownAnalysis(state, user, query.analysisId, UNKNOWN_ANALYSIS_GAP));
  const project = ownProject(state, user, analysis.projectId);
  return {
    body: metadataEnvelope(analysisDetailView(state, project, analysis)),
    gaps: projectGaps(state, [project]),
  };
};

export const retrieveReport: OperationHandler<'retrieveReport'> = ({ query, user, runtime }) => {
  const { state } = runtime;
  const project = ownProject(state, user, query.projectId);
  const analysis = ownAnalysis(state, user, query.analysisId, UNKNOWN_ANALYSIS_GAP);
  if (analysis.projectId !== project.id) {
    throw errors.notFound(`Analysis ${analysis.id} is not an analysis of project ${project.id}`, UNKNOWN_ANALYSIS_GAP);
  }
  return {
    body: metadataEnvelope(analysisDetailView(state, project, completed(analysis))),
    gaps: [REPORT_FIELDS_GAP, ...projectGaps(state, [project])],
  };
};

export const getFullReport: OperationHandler<'getFullReport'> = ({ query, user, runtime }) => {
  const { state } = runtime;
  const project = ownProject(state, user, query.projectId);
  const analyses = state.projectAnalyses(project.id);
  let analysis: AnalysisRecord | undefined;
  if (query.analysisId !== undefined) {
    analysis = analyses.find((a) => a.id === query.analysisId);
    if (!analysis)
      throw errors.notFound(
        `Analysis ${query.analysisId} is not an analysis of project ${project.id}`,
        UNKNOWN_ANALYSIS_GAP,
      );
  } else {
    analysis = analyses.filter((a) => a.status === 'completed').at(-1);
  }

  const keys =
    query.sections === undefined
      ? undefined
      : query.sections
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean);
  const selected = new Set(keys ? keys.flatMap((k) => PART_KEYS[k] ?? []) : Object.values(PART_KEYS).flat());
  const chapters = keys?.filter((k) => !(k in PART_KEYS));
  const withChapters = keys === undefined || (chapters?.length ?? 0) > 0;
  const part = <K extends keyof Schemas['FullReport']>(key: K, value: Schemas['FullReport'][K]) =>
    selected.has(key) ? value : null;

  const report: Schemas['FullReport'] = {
    projectDetail: projectDetailView(state, project, analysis),
    projectvotesummary: part('projectvotesummary', {}),
    analysisDetail:
      analysis?.status === 'completed' && withChapters ? analysisDetailView(state, project, analysis, chapters) : null,
    projectcompanyfit: part('projectcompanyfit', {
      projectcompanyfitdimensions: state.seed.fitDimensions.map((d) => ({ ...d })),
    }),
    eventsConfigsRelevantCompanyEvent: part('eventsConfigsRelevantCompanyEvent', {}),
    investments: part('investments', []),
    totalInvestment: part('totalInvestment', { amount: 0, currency: 'EUR' }),
    reportingCycle: part('reportingCycle', {
      cadence: null,
      source: 'none',
      sourceName: null,
      currentCycle: null,
      nextCycle: null,
    }),
  };
  return {
    body: metadataEnvelope(report),
    gaps: [PARTS_GAP, OWNER_KEY_GAP, ...projectGaps(state, [project])],
  };
};
