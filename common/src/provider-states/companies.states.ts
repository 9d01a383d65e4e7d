// Provider states of the company suites: what the provider's set-up call must make true for them.
import type { ProviderStates } from './provider-states.ts';

export const COMPANY_EXISTS = 'a company with id {projectId} exists';
export const CREDITS_LEFT = 'the plan has credits left';
export const ANALYSIS_AWAITS_UPLOAD = 'a company analysis waits for a manual upload of its files';
export const COMPANY_LIST_FAILS = 'the company list fails unexpectedly';

const COMPANY_PARAMS = { projectId: 'the company id (a UUID)', companyName: 'the company name' };

export const companyStates: ProviderStates = {
  [COMPANY_EXISTS]: {
    given:
      'The caller owns a company with id `projectId` named `companyName`, with a website and one completed analysis (scores, fit dimensions, chapters), and no other company; the list, lookup, search, message intake and full report read it.',
    params: COMPANY_PARAMS,
  },
  [CREDITS_LEFT]: {
    given: "The workspace's plan has credits left for at least one company analysis.",
  },
  [ANALYSIS_AWAITS_UPLOAD]: {
    given:
      'The caller created a company with `projectType` `projectAnalysisWithFile`; its analysis waits for the manual upload of its files.',
    answers: { analysisId: 'the id of that analysis' },
  },
  [COMPANY_LIST_FAILS]: {
    given:
      'The company list fails unexpectedly: GET /integration/projects answers 500 with code `5000` after checking the credentials (a fault switch of the test deployment).',
  },
};
