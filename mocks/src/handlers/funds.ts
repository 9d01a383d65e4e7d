// Fund runs: start (charged 10 credits when accepted) and the run summary read.
import { ANALYZE_CREDITS_GAP, fundRunSummary, roleOn, startFundRun as startRun } from '../domain/funds.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { errors } from '../http/errors.ts';
import type { OperationHandler } from './operation-types.ts';

const REF_DATE_GAP = "refDate of a run started without one: the summary reports the run's creation date";
const UPLOAD_NAME_GAP = 'uploadName: the mock reports the fund name given to the run';

export const startFundRun: OperationHandler<'startFundRun'> = ({ body, user, runtime }) => {
  const run = startRun(runtime.state, user, body);
  return {
    body: metadataEnvelope({
      fundExtractionId: run.fundExtractionId,
      name: run.name,
      status: 'pending' as const,
      refDate: run.refDate,
      createdAt: run.createdAt,
    }),
  };
};

export const getFundRunSummary: OperationHandler<'getFundRunSummary'> = ({ query, user, runtime }) => {
  const { state } = runtime;
  if (!state.engineAvailable) throw errors.engineUnavailable();
  const run = state.fundRuns.get(query.fundExtractionId);
  if (!run) throw errors.fundRunNotFound();
  const role = roleOn(user, run);
  if (!role) throw errors.noRoleOnFund();
  return {
    body: metadataEnvelope(fundRunSummary(state, run, role)),
    gaps: [
      UPLOAD_NAME_GAP,
      ...(run.refDate === null ? [REF_DATE_GAP] : []),
      ...(run.projectMode === 'analyze' ? [ANALYZE_CREDITS_GAP] : []),
    ],
  };
};
