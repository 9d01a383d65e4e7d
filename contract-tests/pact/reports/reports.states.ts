// Provider states of the report suites: a company whose completed analysis id the mock generates,
// handed to the verifier for the pacts' `${analysisId}` expressions.
import { seededCompany } from '../companies/companies.states.ts';
import { resetMock } from '../support/mock-control.ts';
import type { ProviderStates } from '../support/provider-states.ts';

export const COMPANY_HAS_COMPLETED_ANALYSIS = 'the company with id {projectId} has a completed analysis';

export const reportStates: ProviderStates = {
  [COMPANY_HAS_COMPLETED_ANALYSIS]: {
    async onMock(params, origin) {
      const { analyses } = await resetMock(origin, { data: { projects: [seededCompany(params)] } });
      const analysis = analyses.find((a) => a.projectId === params.projectId && a.status === 'completed');
      if (!analysis) throw new Error(`the mock seeded no completed analysis for ${String(params.projectId)}`);
      return { analysisId: analysis.id };
    },
  },
};
