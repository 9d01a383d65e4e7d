// The model of the stateful sequences: what the suite knows it created during one sequence, and
// the invariants every deployment must keep. A broken invariant throws an InvariantBroken naming it.
import type { RuleContext } from '../rule.ts';

export class InvariantBroken extends Error {
  readonly invariant: string;

  constructor(invariant: string, detail: string) {
    super(`${invariant}: ${detail}`);
    this.invariant = invariant;
  }
}

export function ensure(condition: boolean, invariant: string, detail: () => string): void {
  if (!condition) throw new InvariantBroken(invariant, detail());
}

export const INVARIANTS = {
  createdListed: 'a created company is listed and found by search',
  idsReadBack: 'ids read back are the ids written',
  statusForward: "a fund run's status only moves forward",
  ownFundRuns: "a run appears in its own summary's fundRuns",
  pages: 'pages do not overlap and together hold totalCount companies',
  history: 'the delivery history is at most 10, newest first',
} as const;

/** How far a fund run status is along pending -> running -> completed | error. */
export const STATUS_RANK: Record<string, number> = { pending: 0, running: 1, completed: 2, error: 2 };

/** At most this many fund runs (10 credits each) in the whole phase. */
export const MAX_FUND_RUNS = 2;

export interface SequenceModel {
  ctx: RuleContext;
  companies: { id: string; companyName: string }[];
  folders: string[];
  runs: { fundExtractionId: string; rank: number }[];
  /** Shared across sequences: the fund runs started in the whole phase (the cap above). */
  phase: { fundRuns: number; created: number };
}

/** The system under test is reached through ctx; the commands keep no other real state. */
export type SequenceReal = Record<string, never>;
