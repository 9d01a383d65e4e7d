// Provider states of the company suites, arranged on the stateful mock with a seed (and, for a
// manual upload, the service's own create operation; for the list's 500, the mock's fault switch).
import type { SeedProject } from '../../../mocks/server.ts';
import { callService, setMockFaults } from '../../support/control-api.ts';
import { resetMock } from '../support/mock-control.ts';
import type { ProviderStates, StateParams } from '../support/provider-states.ts';

export const COMPANY_EXISTS = 'a company with id {projectId} exists';
export const CREDITS_LEFT = 'the plan has credits left';
export const ANALYSIS_AWAITS_UPLOAD = 'a company analysis waits for a manual upload of its files';
export const COMPANY_LIST_FAILS = 'the company list fails unexpectedly';

/** The one company a state names, owned by the mock's default user, with a completed analysis. */
export function seededCompany(params: StateParams): SeedProject {
  const companyName = typeof params.companyName === 'string' ? params.companyName : 'Helio Grid';
  return {
    id: String(params.projectId),
    ownerUserId: 'user-mock',
    name: companyName.split(' ')[0],
    companyName,
    companyWebsite: 'https://heliogrid.example',
    companyLegalName: `${companyName} GmbH`,
    companyEmail: 'contact@heliogrid.example',
    companyIndustry: 'Energy',
    companyCountry: 'DE',
    companyBusinessModel: 'b2b',
    companyStage: 'seed',
    companyRevenueRange: 'EUR 1M - 5M',
    completedAnalysis: true,
  };
}

export const companyStates: ProviderStates = {
  [COMPANY_EXISTS]: {
    onMock: async (params, origin) => void (await resetMock(origin, { data: { projects: [seededCompany(params)] } })),
  },
  [CREDITS_LEFT]: {
    onMock: async (_params, origin) => void (await resetMock(origin, { credits: 1000 })),
  },
  [ANALYSIS_AWAITS_UPLOAD]: {
    async onMock(_params, origin) {
      const { users } = await resetMock(origin);
      const created = await callService(origin, users[0]!.apiKey, 'POST', '/integration/project', {
        companyName: 'Helio Grid',
        projectType: 'projectAnalysisWithFile',
      });
      return { analysisId: String(created.analysisId) };
    },
  },
  [COMPANY_LIST_FAILS]: {
    async onMock(_params, origin) {
      await resetMock(origin);
      await setMockFaults(origin, { companyList: true });
    },
  },
};
