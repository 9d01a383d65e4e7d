// Consumer expectations of the report reads: analysis detail, report payload and full report, each
// success and the refusal of an API key that is not valid.
import { MatchersV3 } from '@pact-foundation/pact';
import {
  ANALYSIS_ID,
  analysisSummaryExpectation,
  PROJECT_ID,
  projectScoreExpectation,
} from '../companies/company-expectations.ts';
import { COMPANY_EXISTS, COMPANY_HAS_COMPLETED_ANALYSIS } from '../../../common/src/index.ts';
import { API_KEY_HEADER, clientAt, type ConsumerCase } from '../support/http-consumer.ts';
import { contractEnum, SUCCESS_OUTCOME } from '../support/matchers.ts';
import { refusedCredentials } from '../support/refused-credentials.ts';
import { analysisDetailExpectation, fitDimensionExpectation } from './analysis-expectations.ts';

const { like, atLeastLike, number, fromProviderState } = MatchersV3;

const COMPANY = { projectId: PROJECT_ID, companyName: 'Helio Grid' };
const DETAIL = '/api/integration/analysis/detail';
const REPORT = '/api/integration/retrievereport';
const FULL_REPORT = '/api/integration/project/fullreport';
/** Parts only, no chapter key: by the contract's rule analysisDetail is then null. */
const SECTIONS = 'dealscore,investments,reportingCycle';
const analysisIdFromState = () => fromProviderState('${analysisId}', ANALYSIS_ID);

export const reportsConsumer: ConsumerCase[] = [
  {
    name: 'the detail of a completed analysis',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_HAS_COMPLETED_ANALYSIS, COMPANY)
        .uponReceiving('a request for the detail of a completed analysis')
        .withRequest('GET', DETAIL, (b) => b.query({ analysisId: analysisIdFromState() }).headers(API_KEY_HEADER))
        .willRespondWith(200, (b) =>
          b.jsonBody({ metadata: SUCCESS_OUTCOME, data: analysisDetailExpectation(PROJECT_ID, COMPANY.companyName) }),
        )
        .executeTest(async (server) => {
          const detail = await clientAt(server).getAnalysisDetail(ANALYSIS_ID);
          if (detail.data.projectId !== PROJECT_ID)
            throw new Error(`unexpected detail ${JSON.stringify(detail).slice(0, 200)}`);
        }),
  },
  refusedCredentials({
    what: 'an analysis detail request',
    credential: 'API key',
    method: 'GET',
    path: DETAIL,
    request: (b, authorization) => b.query({ analysisId: ANALYSIS_ID }).headers(authorization),
    call: (client) => client.getAnalysisDetail(ANALYSIS_ID),
  }),
  {
    name: 'the report payload of a completed analysis',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_HAS_COMPLETED_ANALYSIS, COMPANY)
        .uponReceiving('a request for the report payload of a completed analysis')
        .withRequest('GET', REPORT, (b) =>
          b.query({ projectId: PROJECT_ID, analysisId: analysisIdFromState() }).headers(API_KEY_HEADER),
        )
        // The report-generation fields are not named by the specification (x-gap): the analysis detail part is expected.
        .willRespondWith(200, (b) =>
          b.jsonBody({ metadata: SUCCESS_OUTCOME, data: analysisDetailExpectation(PROJECT_ID, COMPANY.companyName) }),
        )
        .executeTest(async (server) => {
          const report = await clientAt(server).retrieveReport({ projectId: PROJECT_ID, analysisId: ANALYSIS_ID });
          if (report.data.projectId !== PROJECT_ID)
            throw new Error(`unexpected report ${JSON.stringify(report).slice(0, 200)}`);
        }),
  },
  refusedCredentials({
    what: 'a report payload request',
    credential: 'API key',
    method: 'GET',
    path: REPORT,
    request: (b, authorization) => b.query({ projectId: PROJECT_ID, analysisId: ANALYSIS_ID }).headers(authorization),
    call: (client) => client.retrieveReport({ projectId: PROJECT_ID, analysisId: ANALYSIS_ID }),
  }),
  {
    name: 'selected parts of the full report',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_EXISTS, COMPANY)
        .uponReceiving('a request for the deal score, investments and reporting cycle of a company')
        .withRequest('GET', FULL_REPORT, (b) =>
          b.query({ projectId: PROJECT_ID, sections: SECTIONS }).headers(API_KEY_HEADER),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody({
            metadata: SUCCESS_OUTCOME,
            data: {
              projectDetail: {
                companyName: like(COMPANY.companyName),
                companyWebsite: like('https://heliogrid.example'),
                processing: like('completed'),
                analyses: atLeastLike(analysisSummaryExpectation, 0, 1),
                projectscores: atLeastLike(projectScoreExpectation, 0, 1),
                projectstatus: { name: like('Active'), code: like('active') },
              },
              // Parts not selected, and analysisDetail with no chapter key, are null by the contract's rules.
              projectvotesummary: null,
              analysisDetail: null,
              eventsConfigsRelevantCompanyEvent: null,
              projectcompanyfit: { projectcompanyfitdimensions: atLeastLike(fitDimensionExpectation, 0, 1) },
              totalInvestment: { amount: number(250000), currency: like('EUR') },
              reportingCycle: like({
                source: contractEnum('#/components/schemas/ReportingCycle/properties/source', 'none'),
              }),
            },
          }),
        )
        .executeTest(async (server) => {
          const report = await clientAt(server).getFullReport({ projectId: PROJECT_ID, sections: SECTIONS });
          if (report.data.analysisDetail !== null)
            throw new Error(`unexpected full report ${JSON.stringify(report).slice(0, 200)}`);
        }),
  },
  refusedCredentials({
    what: 'a full report request',
    credential: 'API key',
    method: 'GET',
    path: FULL_REPORT,
    request: (b, authorization) => b.query({ projectId: PROJECT_ID }).headers(authorization),
    call: (client) => client.getFullReport({ projectId: PROJECT_ID }),
  }),
];
