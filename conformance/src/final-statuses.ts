// The statuses a waiting client stops at, in one place for the suite and parity.
import { contractDocument } from '../../openapi/index.ts';

type StatusSchema = { 'x-final-states'?: unknown };

function markedFinal(schema: string): ReadonlySet<string> {
  const node = (contractDocument as unknown as { components: { schemas: Record<string, StatusSchema> } }).components
    .schemas[schema];
  const states = node?.['x-final-states'];
  if (!Array.isArray(states) || states.length === 0)
    throw new Error(`the contract marks no x-final-states on ${schema}`);
  return new Set(states.map(String));
}

/** A fund run's final statuses, as the contract marks them (`completed`, `error`). */
export const FINAL_FUND_STATUSES = markedFinal('FundRunStatus');

/**
 * The analysis statuses the suite and parity wait for. The specification shows no transitions of an
 * analysis (the contract's `x-gap` on AnalysisStatus), so the contract marks no final states; these
 * are the two values that name an end.
 */
export const FINAL_ANALYSIS_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed']);
