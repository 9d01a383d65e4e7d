// The event a trigger sends (`POST /__mock/webhooks/trigger`, `portfolio-mock trigger`), built from
// the session's records as the mock's own deliveries build it: the project (or fund run) named, or
// the newest one the event can be about. A missing record is a clear error, never an invented one.
import {
  buildAnalysisCompletedEvent,
  buildChangedStatusEvent,
  buildFundAnalysisCompletedEvent,
  FUND_EVENT_PAYLOAD_GAP,
  type WebhookEvent,
} from '../events.ts';
import type { ProjectRecord } from '../domain/records.ts';
import type { MockState } from '../domain/state.ts';

export const TRIGGERABLE_EVENTS = ['analysisCompleted', 'changedStatus', 'fundAnalysisCompleted'] as const;
export type TriggerableEvent = (typeof TRIGGERABLE_EVENTS)[number];

export interface TriggerRequest {
  event: TriggerableEvent;
  projectId?: string;
  fundExtractionId?: string;
}

/** A triggered changedStatus announces the project's current status: nothing moved, so both codes are it. */
export const TRIGGERED_STATUS_GAP =
  'triggered changedStatus: previousStatus and newStatus are both the current status (POST /__mock/projects/{projectId}/status moves it)';

export class TriggerProblem extends Error {
  readonly status: 404 | 409;
  constructor(status: 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

export interface TriggeredEvent {
  ownerUserId: string;
  event: WebhookEvent;
  gaps: string[];
}

function completedAnalysisOf(state: MockState, project: ProjectRecord) {
  return state.analyses
    .ofProject(project.id)
    .filter((a) => a.status === 'completed')
    .at(-1);
}

function namedProject(state: MockState, projectId: string): ProjectRecord {
  const project = state.projects.get(projectId);
  if (!project) throw new TriggerProblem(404, `No project ${projectId} in this session`);
  return project;
}

export function triggeredEvent(state: MockState, request: TriggerRequest): TriggeredEvent {
  if (request.event === 'fundAnalysisCompleted') {
    if (request.projectId)
      throw new TriggerProblem(
        409,
        'fundAnalysisCompleted is about a fund run: name it with fundExtractionId, not projectId',
      );
    const runs = [...state.fundRuns.values()];
    const run = request.fundExtractionId
      ? state.fundRuns.get(request.fundExtractionId)
      : runs.filter((r) => r.status === 'completed').at(-1);
    if (!run)
      throw request.fundExtractionId
        ? new TriggerProblem(404, `No fund run ${request.fundExtractionId} in this session`)
        : new TriggerProblem(
            409,
            'No completed fund run in this session to announce: start one (POST /api/integrationfund/fund/run) and settle',
          );
    if (run.status !== 'completed')
      throw new TriggerProblem(
        409,
        `Fund run ${run.fundExtractionId} is ${run.status}: fundAnalysisCompleted is sent for a completed run only`,
      );
    return {
      ownerUserId: run.ownerUserId,
      event: buildFundAnalysisCompletedEvent(run),
      gaps: [FUND_EVENT_PAYLOAD_GAP],
    };
  }
  if (request.fundExtractionId)
    throw new TriggerProblem(409, `${request.event} is about a project: name it with projectId, not fundExtractionId`);
  if (request.event === 'analysisCompleted') {
    const projects = request.projectId
      ? [namedProject(state, request.projectId)]
      : [...state.projects.inOrder()].reverse();
    for (const project of projects) {
      const analysis = completedAnalysisOf(state, project);
      if (analysis)
        return { ownerUserId: project.ownerUserId, event: buildAnalysisCompletedEvent(project, analysis), gaps: [] };
    }
    throw new TriggerProblem(
      409,
      request.projectId
        ? `Project ${request.projectId} has no completed analysis to announce (settle its processing first)`
        : 'No project of this session has a completed analysis to announce: create a company and settle',
    );
  }
  const project = request.projectId ? namedProject(state, request.projectId) : state.projects.inOrder().at(-1);
  if (!project) throw new TriggerProblem(409, 'No project in this session to announce: create a company first');
  const event = buildChangedStatusEvent(project, {
    previousStatus: project.status.code,
    newStatus: project.status.code,
    stage: project.phase.code,
    changedAt: state.ids.now(),
  });
  return { ownerUserId: project.ownerUserId, event, gaps: [TRIGGERED_STATUS_GAP] };
}
