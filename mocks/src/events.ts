// Pure builders of the three webhook bodies from mock records. Used by the mock's dispatcher and
// by the Pact message provider, so both send exactly the same shapes.
import type { components } from '../../openapi/index.ts';
import type { FundPayloadField } from '../../common/src/index.ts';
import { MOCK_GAP_CHOICES } from './domain/gap-choices.ts';
import type { AnalysisRecord, FundRunRecord, ProjectRecord } from './domain/records.ts';

type Schemas = components['schemas'];

export type WebhookEvent =
  | Schemas['AnalysisCompletedEvent']
  | Schemas['ChangedStatusEvent']
  | Schemas['FundAnalysisCompletedEvent'];

/** What the mock chooses to send as the fundAnalysisCompleted payload, which the specification does not show. */
export const FUND_EVENT_PAYLOAD_GAP =
  'fundAnalysisCompleted payload: the mock sends { fundExtractionId, fundId, name }';

export function buildAnalysisCompletedEvent(
  project: Pick<ProjectRecord, 'id' | 'name' | 'platformEntityCompanyId'>,
  analysis: Pick<AnalysisRecord, 'id'>,
): Schemas['AnalysisCompletedEvent'] {
  return {
    event: 'analysisCompleted',
    data: {
      projectId: project.id,
      analysisId: analysis.id,
      projectName: project.name,
      platformEntityCompanyId: project.platformEntityCompanyId,
    },
  };
}

export function buildChangedStatusEvent(
  project: Pick<ProjectRecord, 'id' | 'name'>,
  change: { previousStatus: string; newStatus: string; stage: string; changedAt: string },
): Schemas['ChangedStatusEvent'] {
  return {
    event: 'changedStatus',
    data: {
      projectId: project.id,
      projectName: project.name,
      previousStatus: change.previousStatus,
      newStatus: change.newStatus,
      stage: change.stage,
      changedAt: change.changedAt,
    },
  };
}

/** The event of a run's end; its data holds `fields` of the run (the mock's own three unless a gap profile chose others). */
export function buildFundAnalysisCompletedEvent(
  run: Pick<FundRunRecord, 'fundExtractionId' | 'fundId' | 'name'> & Partial<Pick<FundRunRecord, 'status'>>,
  fields: readonly FundPayloadField[] = MOCK_GAP_CHOICES.fundPayloadFields,
): Schemas['FundAnalysisCompletedEvent'] {
  return {
    event: 'fundAnalysisCompleted',
    data: Object.fromEntries(fields.map((field) => [field, run[field]])),
  };
}
