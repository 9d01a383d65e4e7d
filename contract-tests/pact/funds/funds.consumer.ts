// Consumer expectations of the fund operations: data-room upload, fund run and fund read, each
// success and every documented error (Error0, Error100 x2, Error131, Error209, Error212, 4010).
import { type Matcher, MatchersV3, type PactV4 } from '@pact-foundation/pact';
import type { IntegrationErrorKind } from '../../../client/src/index.ts';
import {
  API_KEY_HEADER,
  clientAt,
  type ConsumerCase,
  errorEnvelope,
  expectIntegrationError,
  multipartBody,
  type MultipartPart,
} from '../support/http-consumer.ts';
import { SUCCESS_OUTCOME } from '../support/matchers.ts';
import { TINY_PDF } from '../support/tiny-pdf.ts';
import { refusedCredentials } from '../support/refused-credentials.ts';
import {
  completedFundRunSummaryExpectation,
  FUND_NAME,
  FUND_RUN_ID,
  fundRunExpectation,
  REF_DATE,
} from './fund-expectations.ts';
import {
  ENGINE_AVAILABLE,
  ENGINE_UNREACHABLE,
  FOLDER_TOO_LARGE,
  FOLDER_UPLOADED,
  FOLDER_UPLOADED_NO_CREDITS,
  FUND_RUN_COMPLETED,
  FUND_RUN_WITHOUT_ROLE,
  NO_SUCH_FOLDER,
  NO_SUCH_FUND_RUN,
} from '../../../common/src/index.ts';

const { like, eachLike, date, fromProviderState } = MatchersV3;

const UPLOAD = '/api/integrationfund/fund/upload';
const RUN = '/api/integrationfund/fund/run';
const READ = '/api/integrationfund/fund';
const FILE_NAME = 'q4-report.pdf';
const SECOND_FILE_NAME = 'capital-account.pdf';
const FOLDER_PATH = 'uploads/user-mock/f0000000-0000-4000-8000-000000000001';
const FOREIGN_FOLDER = 'uploads/someone-else/folder-1';
const filePart: MultipartPart = {
  name: 'files',
  filename: FILE_NAME,
  contentType: 'application/pdf',
  content: TINY_PDF,
};
const files = [{ name: FILE_NAME, data: TINY_PDF }];
// A data room of two files: one `files` part per file, as the contract's multipart encoding explodes the array.
const dataRoom = [...files, { name: SECOND_FILE_NAME, data: TINY_PDF }];
const secondFilePart: MultipartPart = { ...filePart, filename: SECOND_FILE_NAME };
const runBody = (folderPath: unknown) => ({ name: like(FUND_NAME), folderPath, refDate: date('yyyy-MM-dd', REF_DATE) });
const runRequest = { name: FUND_NAME, folderPath: FOLDER_PATH, refDate: REF_DATE };

interface ExpectedError {
  status: number;
  code: string;
  kind: IntegrationErrorKind;
}

/** A fund read that the provider answers with a documented error; `fundExtractionId` as sent (a matcher or a state's value). */
function fundReadError(
  name: string,
  state: string,
  fundExtractionId: string | Matcher<string>,
  error: ExpectedError,
  params?: Record<string, string>,
): ConsumerCase {
  return {
    name,
    record: (pact: PactV4) =>
      pact
        .addInteraction()
        .given(state, params)
        .uponReceiving(name)
        .withRequest('GET', READ, (b) => b.query({ fundExtractionId }).headers(API_KEY_HEADER))
        .willRespondWith(error.status, (b) => b.jsonBody(errorEnvelope(error.code)))
        .executeTest((server) => expectIntegrationError(clientAt(server).getFundRunSummary(FUND_RUN_ID), error)),
  };
}

/** A fund run that the provider refuses with a documented error. */
function fundRunError(name: string, state: string, folderPath: unknown, error: ExpectedError): ConsumerCase {
  return {
    name,
    record: (pact: PactV4) =>
      pact
        .addInteraction()
        .given(state)
        .uponReceiving(name)
        .withRequest('POST', RUN, (b) => b.headers(API_KEY_HEADER).jsonBody(runBody(folderPath)))
        .willRespondWith(error.status, (b) => b.jsonBody(errorEnvelope(error.code)))
        .executeTest((server) => expectIntegrationError(clientAt(server).startFundRun(runRequest), error)),
  };
}

export const fundsConsumer: ConsumerCase[] = [
  {
    name: 'data-room files uploaded to a new folder',
    record: (pact) =>
      pact
        .addInteraction()
        .given(ENGINE_AVAILABLE)
        .uponReceiving('an upload of data-room files to a new folder')
        .withRequest('POST', UPLOAD, (b) => multipartBody(b, API_KEY_HEADER, [filePart, secondFilePart]))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            metadata: SUCCESS_OUTCOME,
            data: { folderPath: like(FOLDER_PATH), fileNames: eachLike(like(FILE_NAME)) },
          }),
        )
        .executeTest(async (server) => {
          const stored = await clientAt(server).uploadFundFiles(dataRoom);
          if (stored.data.folderPath !== FOLDER_PATH) throw new Error(`unexpected upload ${JSON.stringify(stored)}`);
        }),
  },
  {
    name: 'an upload to a folder the caller did not upload (Error100)',
    record: (pact) =>
      pact
        .addInteraction()
        .given(NO_SUCH_FOLDER, { folderPath: FOREIGN_FOLDER })
        .uponReceiving('an upload of data-room files to a folder the caller did not upload')
        .withRequest('POST', UPLOAD, (b) =>
          multipartBody(b, API_KEY_HEADER, [filePart, { name: 'folderPath', value: FOREIGN_FOLDER }]),
        )
        .willRespondWith(404, (b) => b.jsonBody(errorEnvelope('Error100')))
        .executeTest((server) =>
          expectIntegrationError(clientAt(server).uploadFundFiles(files, { folderPath: FOREIGN_FOLDER }), {
            kind: 'not-found',
            code: 'Error100',
            status: 404,
          }),
        ),
  },
  {
    name: 'an upload while the analysis engine cannot be reached (Error0)',
    record: (pact) =>
      pact
        .addInteraction()
        .given(ENGINE_UNREACHABLE)
        .uponReceiving('an upload of data-room files while the analysis engine cannot be reached')
        .withRequest('POST', UPLOAD, (b) => multipartBody(b, API_KEY_HEADER, [filePart]))
        .willRespondWith(500, (b) => b.jsonBody(errorEnvelope('Error0')))
        .executeTest((server) =>
          expectIntegrationError(clientAt(server).uploadFundFiles(files), {
            kind: 'engine-unavailable',
            code: 'Error0',
            status: 500,
          }),
        ),
  },
  refusedCredentials({
    what: 'an upload of data-room files',
    credential: 'API key',
    method: 'POST',
    path: UPLOAD,
    request: (b, authorization) => multipartBody(b, authorization, [filePart]),
    call: (client) => client.uploadFundFiles(files),
  }),
  {
    name: 'a fund run started over an uploaded folder',
    record: (pact) =>
      pact
        .addInteraction()
        .given(FOLDER_UPLOADED)
        .uponReceiving('a request to start a fund run over an uploaded folder')
        .withRequest('POST', RUN, (b) =>
          b.headers(API_KEY_HEADER).jsonBody(runBody(fromProviderState('${folderPath}', FOLDER_PATH))),
        )
        .willRespondWith(200, (b) => b.jsonBody({ metadata: SUCCESS_OUTCOME, data: fundRunExpectation }))
        .executeTest(async (server) => {
          const run = await clientAt(server).startFundRun(runRequest);
          if (run.data.status !== 'pending') throw new Error(`unexpected run ${JSON.stringify(run)}`);
        }),
  },
  fundRunError(
    'a fund run started when the plan has no credits left (Error131)',
    FOLDER_UPLOADED_NO_CREDITS,
    fromProviderState('${folderPath}', FOLDER_PATH),
    {
      status: 402,
      code: 'Error131',
      kind: 'no-credits',
    },
  ),
  fundRunError(
    'a fund run started over a folder of more than 50 files (Error209)',
    FOLDER_TOO_LARGE,
    fromProviderState('${folderPath}', FOLDER_PATH),
    {
      status: 400,
      code: 'Error209',
      kind: 'too-many-files',
    },
  ),
  fundRunError(
    'a fund run started while the analysis engine cannot be reached (Error0)',
    ENGINE_UNREACHABLE,
    like(FOLDER_PATH),
    { status: 500, code: 'Error0', kind: 'engine-unavailable' },
  ),
  refusedCredentials({
    what: 'a request to start a fund run',
    credential: 'API key',
    method: 'POST',
    path: RUN,
    request: (b, authorization) => b.headers(authorization).jsonBody(runBody(like(FOLDER_PATH))),
    call: (client) => client.startFundRun(runRequest),
  }),
  {
    name: 'the summary of a completed fund run',
    record: (pact) =>
      pact
        .addInteraction()
        .given(FUND_RUN_COMPLETED)
        .uponReceiving('a request for the summary of a completed fund run')
        .withRequest('GET', READ, (b) =>
          b.query({ fundExtractionId: fromProviderState('${fundExtractionId}', FUND_RUN_ID) }).headers(API_KEY_HEADER),
        )
        .willRespondWith(200, (b) =>
          b.jsonBody({ metadata: SUCCESS_OUTCOME, data: completedFundRunSummaryExpectation }),
        )
        .executeTest(async (server) => {
          const summary = await clientAt(server).getFundRunSummary(FUND_RUN_ID);
          if (summary.data.status !== 'completed')
            throw new Error(`unexpected summary ${JSON.stringify(summary).slice(0, 200)}`);
        }),
  },
  fundReadError(
    'a fund read of a run that does not exist (Error100)',
    NO_SUCH_FUND_RUN,
    FUND_RUN_ID,
    { status: 404, code: 'Error100', kind: 'not-found' },
    { fundExtractionId: FUND_RUN_ID },
  ),
  fundReadError(
    'a fund read of a run on which the caller has no role (Error212)',
    FUND_RUN_WITHOUT_ROLE,
    fromProviderState('${fundExtractionId}', FUND_RUN_ID),
    {
      status: 403,
      code: 'Error212',
      kind: 'no-role',
    },
  ),
  fundReadError(
    'a fund read while the analysis engine cannot be reached (Error0)',
    ENGINE_UNREACHABLE,
    MatchersV3.uuid(FUND_RUN_ID),
    { status: 500, code: 'Error0', kind: 'engine-unavailable' },
  ),
  refusedCredentials({
    what: 'a fund read',
    credential: 'API key',
    method: 'GET',
    path: READ,
    request: (b, authorization) => b.query({ fundExtractionId: FUND_RUN_ID }).headers(authorization),
    call: (client) => client.getFundRunSummary(FUND_RUN_ID),
  }),
];
