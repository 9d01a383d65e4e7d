// The run's budget: credits and records a call may cost are counted before it is sent, and a call
// that could go over --max-credits is never started. Unknown costs (a company analysis: a gap of
// the specification) are refused unless --analysis-cost says what the deployment charges.
import type { Cost } from './rule-types.ts';

export class BudgetRefusal extends Error {}

export interface CreatedRecord {
  ruleId: string;
  what: string;
}

export class Budget {
  /** Worst case of what the calls sent so far may have charged. */
  creditsSpent = 0;
  readonly records: CreatedRecord[] = [];

  readonly allowWrites: boolean;
  readonly maxCredits: number;
  /** What one company analysis costs on this deployment, when the caller knows it. */
  readonly analysisCost?: number;

  constructor(allowWrites: boolean, maxCredits: number, analysisCost?: number) {
    this.allowWrites = allowWrites;
    this.maxCredits = maxCredits;
    this.analysisCost = analysisCost;
  }

  /** Resolves 'unknown' to the declared analysis cost, or refuses. */
  credits(cost: Cost): number {
    if (cost.credits !== 'unknown') return cost.credits;
    if (this.analysisCost === undefined) {
      throw new BudgetRefusal(
        'costs an unknown number of credits (the cost of a company analysis is a gap of the specification): pass --analysis-cost N to allow it',
      );
    }
    return this.analysisCost;
  }

  /** Reserves a call's worst case, or refuses it before anything is sent. */
  reserve(cost: Cost): number {
    if (!this.allowWrites)
      throw new BudgetRefusal('creates data or spends credits: pass --allow-writes with --max-credits N');
    const credits = this.credits(cost);
    if (this.creditsSpent + credits > this.maxCredits) {
      throw new BudgetRefusal(
        `would exceed --max-credits ${this.maxCredits} (spent at most ${this.creditsSpent}, this call may cost ${credits})`,
      );
    }
    this.creditsSpent += credits;
    return credits;
  }

  /** Whether reserve(cost) would succeed now. */
  allows(cost: Cost): boolean {
    if (!this.allowWrites) return false;
    if (cost.credits === 'unknown' && this.analysisCost === undefined) return false;
    return (
      this.creditsSpent + (cost.credits === 'unknown' ? (this.analysisCost ?? 0) : cost.credits) <= this.maxCredits
    );
  }

  record(ruleId: string, what: string): void {
    this.records.push({ ruleId, what });
  }
}
