// The shapes of a conformance run's report (our own format, not part of the contract).
import type { CreatedRecord } from './budget.ts';
import type { Area } from './rule-types.ts';

export type RuleStatus = 'passed' | 'failed' | 'warned' | 'not checked';

/** One violation of the contract in one answer. */
export interface LiveViolation {
  in: 'status' | 'headers' | 'body';
  path: string;
  message: string;
}

export interface CallMade {
  method: string;
  url: string;
  status?: number;
  /** No answer: why. */
  error?: string;
}

export interface RuleResult {
  id: string;
  area: Area;
  title: string;
  spec: string;
  /** Set when the rule rests on a gap of the specification (its failures are warnings). */
  gap?: string;
  status: RuleStatus;
  /** Why the rule was not checked. */
  reason?: string;
  /** What the service did against the rule. */
  violations: string[];
  calls: CallMade[];
  durationMs: number;
}

export interface RunSummary {
  rules: number;
  checked: number;
  passed: number;
  failed: number;
  warned: number;
  notChecked: number;
}

export interface ConformanceReport {
  runId: string;
  baseUrl: string;
  allowWrites: boolean;
  maxCredits: number;
  strict: boolean;
  startedAt: string;
  finishedAt: string;
  /** Set when the service could not be reached or answered nothing usable (exit code 3). */
  unreachable?: string;
  summary: RunSummary;
  /** Worst case of what the calls sent may have charged. */
  creditsSpent: number;
  /** Every record the run created, named with the run id. */
  records: CreatedRecord[];
  /** Answers 429 the run waited out, honouring Retry-After (rate limits are a gap of the specification). */
  rateLimited?: { waits: number; waitedMs: number };
  /** What was done to put the webhook configuration back, when it was changed. */
  restored?: string;
  results: RuleResult[];
}
