// Provider states of the fund suites: what the provider's set-up call must make true for them.
// "The caller" is the user whose API key the verification sends.
import type { ProviderStates } from './provider-states.ts';

export const ENGINE_AVAILABLE = 'the analysis engine is available';
export const ENGINE_UNREACHABLE = 'the analysis engine cannot be reached';
export const NO_SUCH_FOLDER = 'no folder {folderPath} was uploaded by the caller';
export const FOLDER_UPLOADED = 'the caller uploaded a data-room folder';
export const FOLDER_UPLOADED_NO_CREDITS = 'the caller uploaded a data-room folder and the plan has no credits left';
export const FOLDER_TOO_LARGE = 'the caller uploaded a data-room folder of more than 50 files';
export const FUND_RUN_COMPLETED = 'a fund run of the caller completed';
export const NO_SUCH_FUND_RUN = 'no fund run with id {fundExtractionId} exists';
export const FUND_RUN_WITHOUT_ROLE = 'a fund run exists on which the caller has no role';

const FOLDER_PATH = { folderPath: 'the folderPath the upload answered' };
const FUND_RUN_ID = { fundExtractionId: 'the id of that fund run' };

export const fundStates: ProviderStates = {
  [ENGINE_AVAILABLE]: {
    given: 'The analysis engine behind the fund operations is reachable, and the plan has credits left.',
  },
  [ENGINE_UNREACHABLE]: {
    given: 'The analysis engine cannot be reached: fund upload, run and read answer 500 `Error0`.',
  },
  [NO_SUCH_FOLDER]: {
    given: 'The caller uploaded no folder `folderPath`.',
    params: { folderPath: 'a folder path no upload of the caller answered' },
  },
  [FOLDER_UPLOADED]: {
    given:
      'The caller uploaded a data-room folder of one readable PDF; the plan has at least 10 credits and the engine is available.',
    answers: FOLDER_PATH,
  },
  [FOLDER_UPLOADED_NO_CREDITS]: {
    given: "The caller uploaded a data-room folder of one readable PDF, and the workspace's plan has no credits left.",
    answers: FOLDER_PATH,
  },
  [FOLDER_TOO_LARGE]: {
    given: 'The caller uploaded a data-room folder of 51 files (more than the 50 a fund run takes).',
    answers: FOLDER_PATH,
  },
  [FUND_RUN_COMPLETED]: {
    given:
      'The caller started a fund run named `Helio Fund I` with reference date 2025-12-31 over an uploaded folder, and it completed (portfolio companies and figures).',
    answers: FUND_RUN_ID,
  },
  [NO_SUCH_FUND_RUN]: {
    given: 'No fund run with id `fundExtractionId` exists.',
    params: { fundExtractionId: 'a fund run id (a UUID) nobody created' },
  },
  [FUND_RUN_WITHOUT_ROLE]: {
    given: 'Another user started a fund run and gave the caller no role on its fund.',
    answers: FUND_RUN_ID,
  },
};
