// Consumer expectations of the company operations: list (and lookup by id), search, create, and the
// manual upload of analysis files, each success and each documented error, driven through the client.
import { MatchersV3 } from '@pact-foundation/pact';
import {
  API_KEY_HEADER,
  clientAt,
  type ConsumerCase,
  errorEnvelope,
  expectIntegrationError,
  JSON_CONTENT_TYPE_HEADER,
  multipartBody,
  type MultipartPart,
} from '../support/http-consumer.ts';
import { SUCCESS_OUTCOME } from '../support/matchers.ts';
import { TINY_PDF } from '../support/tiny-pdf.ts';
import { refusedCredentials } from '../support/refused-credentials.ts';
import { ANALYSIS_AWAITS_UPLOAD, COMPANY_EXISTS, COMPANY_LIST_FAILS, CREDITS_LEFT } from '../../../common/src/index.ts';
import { ANALYSIS_ID, PROJECT_ID, projectExpectation } from './company-expectations.ts';

const { like, eachLike, uuid, integer, boolean, fromProviderState } = MatchersV3;

const COMPANY_NAME = 'Helio Grid';
const COMPANY = { projectId: PROJECT_ID, companyName: COMPANY_NAME };
const LIST = '/api/integration/projects';
const LIST_HEADERS = { ...API_KEY_HEADER, ...JSON_CONTENT_TYPE_HEADER };
const SEARCH = '/api/integration/project/search';
const CREATE = '/api/integration/project';
const ANALYSIS_FILES = '/api/integrationfiles/upload';
const deckPart: MultipartPart = {
  name: 'files',
  filename: 'pitch-deck.pdf',
  contentType: 'application/pdf',
  content: TINY_PDF,
};
const deckForm = () => {
  const form = new FormData();
  form.append('files', new Blob([TINY_PDF], { type: 'application/pdf' }), 'pitch-deck.pdf');
  return form;
};

export const companiesConsumer: ConsumerCase[] = [
  {
    name: 'a page of the company list',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_EXISTS, COMPANY)
        .uponReceiving('a request for the first page of the company list')
        .withRequest('GET', LIST, (b) => b.query({ page: '0' }).headers(LIST_HEADERS))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            ...SUCCESS_OUTCOME,
            data: eachLike(projectExpectation(PROJECT_ID, COMPANY_NAME)),
            pagination: { page: integer(0), totalCount: integer(1), pageSize: integer(10), nextPage: boolean(false) },
          }),
        )
        .executeTest(async (server) => {
          const pages = [];
          for await (const page of clientAt(server).listProjects()) pages.push(page);
          if (pages.length !== 1 || pages[0]!.data[0]!.id !== PROJECT_ID)
            throw new Error(`unexpected pages ${JSON.stringify(pages)}`);
        }),
  },
  {
    name: 'one company looked up by id',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_EXISTS, COMPANY)
        .uponReceiving('a request for one company by id')
        .withRequest('GET', LIST, (b) => b.query({ id: PROJECT_ID }).headers(LIST_HEADERS))
        // The shape of data is not shown by the specification (x-gap): only the envelope is expected.
        .willRespondWith(200, (b) => b.jsonBody(SUCCESS_OUTCOME))
        .executeTest(async (server) => {
          const found = await clientAt(server).getProject(PROJECT_ID);
          if (found.code !== '1000') throw new Error(`unexpected envelope ${JSON.stringify(found)}`);
        }),
  },
  refusedCredentials({
    what: 'a company list request',
    credential: 'API key',
    method: 'GET',
    path: LIST,
    request: (b, authorization) => b.query({ page: '0' }).headers({ ...authorization, ...JSON_CONTENT_TYPE_HEADER }),
    call: (client) => client.listProjects().next(),
  }),
  {
    name: 'the company list failing unexpectedly',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_LIST_FAILS)
        .uponReceiving('a company list request when the list fails unexpectedly')
        .withRequest('GET', LIST, (b) => b.query({ page: '0' }).headers(LIST_HEADERS))
        .willRespondWith(500, (b) => b.jsonBody(errorEnvelope('5000', 'Internal Server Error')))
        .executeTest((server) =>
          expectIntegrationError(clientAt(server).listProjects().next(), {
            kind: 'internal-error',
            code: '5000',
            status: 500,
          }),
        ),
  },
  {
    name: 'a company search',
    record: (pact) =>
      pact
        .addInteraction()
        .given(COMPANY_EXISTS, COMPANY)
        .uponReceiving('a company search by keywords')
        .withRequest('GET', SEARCH, (b) => b.query({ keywords: 'helio' }).headers(API_KEY_HEADER))
        .willRespondWith(200, (b) =>
          b.jsonBody({ metadata: SUCCESS_OUTCOME, data: { data: eachLike({ id: uuid(PROJECT_ID) }) } }),
        )
        .executeTest(async (server) => {
          const found = await clientAt(server).searchProjects('helio');
          if (found.data.data[0]?.id !== PROJECT_ID)
            throw new Error(`unexpected search result ${JSON.stringify(found)}`);
        }),
  },
  refusedCredentials({
    what: 'a company search',
    credential: 'API key',
    method: 'GET',
    path: SEARCH,
    request: (b, authorization) => b.query({ keywords: 'helio' }).headers(authorization),
    call: (client) => client.searchProjects('helio'),
  }),
  {
    name: 'a company created with an analysis of its website',
    record: (pact) =>
      pact
        .addInteraction()
        .given(CREDITS_LEFT)
        .uponReceiving('a request to create a company analysed from its website')
        .withRequest('POST', CREATE, (b) =>
          b.headers(API_KEY_HEADER).jsonBody({
            companyName: like(COMPANY_NAME),
            projectType: 'projectAnalysisNoFile',
            companyWebsite: like('https://heliogrid.example'),
          }),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody({
            metadata: SUCCESS_OUTCOME,
            data: {
              project: {
                id: uuid(PROJECT_ID),
                name: like(COMPANY_NAME),
                companyName: like(COMPANY_NAME),
                companyWebsite: like('https://heliogrid.example'),
                projectType: 'projectAnalysisNoFile',
              },
              analysisId: uuid(ANALYSIS_ID),
            },
          }),
        )
        .executeTest(async (server) => {
          const created = await clientAt(server).createProject({
            companyName: COMPANY_NAME,
            projectType: 'projectAnalysisNoFile',
            companyWebsite: 'https://heliogrid.example',
          });
          if (created.data.analysisId !== ANALYSIS_ID)
            throw new Error(`unexpected creation ${JSON.stringify(created)}`);
        }),
  },
  refusedCredentials({
    what: 'a request to create a company',
    credential: 'API key',
    method: 'POST',
    path: CREATE,
    request: (b, authorization) =>
      b.headers(authorization).jsonBody({ companyName: like(COMPANY_NAME), projectType: 'projectNoAnalysis' }),
    call: (client) => client.createProject({ companyName: COMPANY_NAME, projectType: 'projectNoAnalysis' }),
  }),
  {
    name: 'files uploaded for a manual-upload analysis',
    record: (pact) =>
      pact
        .addInteraction()
        .given(ANALYSIS_AWAITS_UPLOAD)
        .uponReceiving('an upload of files for an analysis that waits for them')
        .withRequest('POST', ANALYSIS_FILES, (b) =>
          // The part names are not shown by the specification (x-gap); the client's caller picks `files`.
          multipartBody(b, { ...API_KEY_HEADER, analysisid: fromProviderState('${analysisId}', ANALYSIS_ID) }, [
            deckPart,
          ]),
        )
        .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME }))
        .executeTest(async (server) => {
          const answer = await clientAt(server).uploadAnalysisFiles(ANALYSIS_ID, deckForm());
          if (answer.code !== '1000') throw new Error(`unexpected answer ${JSON.stringify(answer)}`);
        }),
  },
  refusedCredentials({
    what: 'an upload of analysis files',
    credential: 'API key',
    method: 'POST',
    path: ANALYSIS_FILES,
    request: (b, authorization) => multipartBody(b, { ...authorization, analysisid: like(ANALYSIS_ID) }, [deckPart]),
    call: (client) => client.uploadAnalysisFiles(ANALYSIS_ID, deckForm()),
  }),
];
