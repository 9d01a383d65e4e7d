// Provider states of the report suites: what the provider's set-up call must make true for them.
import type { ProviderStates } from './provider-states.ts';

export const COMPANY_HAS_COMPLETED_ANALYSIS = 'the company with id {projectId} has a completed analysis';

export const reportStates: ProviderStates = {
  [COMPANY_HAS_COMPLETED_ANALYSIS]: {
    given:
      'The caller owns a company with id `projectId` named `companyName` whose analysis completed (detail with chapters, report payload).',
    params: { projectId: 'the company id (a UUID)', companyName: 'the company name' },
    answers: { analysisId: 'the id of the completed analysis' },
  },
};
