// Polls a fund run until it reaches a final status. A run ending in `error` is a result, not a failure.
import type { components } from '../../openapi/index.ts';
import { pollUntilFinal, type PollOptions } from './poll-until-final.ts';

type FundRunSummary = components['schemas']['FundRunSummary'];

export type WaitForFundRunOptions = PollOptions<FundRunSummary>;

const FINAL_STATUSES: ReadonlySet<FundRunSummary['status']> = new Set(['completed', 'error']);

export function waitForFundRun(
  read: (fundExtractionId: string, signal: AbortSignal) => Promise<FundRunSummary>,
  fundExtractionId: string,
  options: WaitForFundRunOptions = {},
): Promise<FundRunSummary> {
  return pollUntilFinal({
    subject: `Fund run ${fundExtractionId}`,
    caller: 'waitForFundRun',
    read: (signal) => read(fundExtractionId, signal),
    isFinal: (summary) => FINAL_STATUSES.has(summary.status),
    finalStates: 'completed or error',
    options,
  });
}
