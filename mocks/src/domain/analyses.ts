// Company analyses: created `pending` (charged on creation), `progress` half-way through the
// processing time, then `completed` (scored; analysisCompleted is sent) or `failed` when the
// simulated engine cannot read one of the documents.
import { buildAnalysisCompletedEvent } from '../events.ts';
import type { AnalysisRecord, ProjectRecord } from './records.ts';
import { scoreFor, type MockState } from './state.ts';

/** The engine cannot read a document whose name or address contains this word. */
const UNREADABLE_MARK = 'unreadable';

export function isUnreadable(source: string): boolean {
  return source.toLowerCase().includes(UNREADABLE_MARK);
}

export function createAnalysis(
  state: MockState,
  project: ProjectRecord,
  sources: string[],
  awaitingUpload: boolean,
): AnalysisRecord {
  const analysis: AnalysisRecord = {
    id: state.ids.uuid('analysis'),
    projectId: project.id,
    type: 'company',
    status: 'pending',
    sources,
    awaitingUpload,
    unreadable: sources.some(isUnreadable),
    score: null,
    createdAt: state.ids.now(),
  };
  state.analyses.set(analysis.id, analysis);
  if (!awaitingUpload) scheduleProcessing(state, analysis);
  return analysis;
}

/** Files for a manual-upload analysis: it leaves `pending` and is processed. */
export function attachUploadedFiles(
  state: MockState,
  analysis: AnalysisRecord,
  names: string[],
  unreadable: boolean,
): void {
  state.changed('analysis', analysis.id);
  analysis.sources.push(...names);
  analysis.unreadable ||= unreadable || names.some(isUnreadable);
  if (analysis.awaitingUpload) {
    analysis.awaitingUpload = false;
    scheduleProcessing(state, analysis);
  }
}

function scheduleProcessing(state: MockState, analysis: AnalysisRecord): void {
  const total = state.seed.processingMs;
  state.scheduler.schedule(total / 2, { kind: 'analysisProgress', analysisId: analysis.id });
  state.scheduler.schedule(total, { kind: 'analysisFinish', analysisId: analysis.id });
}

export function progressAnalysis(state: MockState, analysis: AnalysisRecord): void {
  if (analysis.status === 'pending' && state.choices.analysisShowsProgress) analysis.status = 'progress';
}

export function finishAnalysis(state: MockState, analysis: AnalysisRecord): void {
  if (analysis.status === 'completed' || analysis.status === 'failed') return;
  if (analysis.unreadable && state.choices.unreadableFails) {
    analysis.status = 'failed';
    return;
  }
  analysis.status = 'completed';
  analysis.score = scoreFor(state.seed, analysis);
  const project = state.projects.get(analysis.projectId);
  if (project) state.webhooks.emit(project.ownerUserId, buildAnalysisCompletedEvent(project, analysis));
}
