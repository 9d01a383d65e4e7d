// The shapes of a live-suite run's report (our own report format, not part of the contract).
import type { Violation } from '../support/contract-validator.ts';
import type { HttpMethod, OperationId } from './operation-index.ts';

export type Outcome = 'passed' | 'failed' | 'not checked';

export interface LiveViolation extends Violation {
  /** Which part of the exchange broke the contract. */
  in: 'status' | 'headers' | 'body';
}

export interface CheckResult {
  id: string;
  operationId: OperationId;
  method: HttpMethod;
  path: string;
  title: string;
  writes: boolean;
  outcome: Outcome;
  /** Why a check was not run, or what stopped it (e.g. no response). */
  reason?: string;
  url?: string;
  status?: number;
  durationMs?: number;
  violations: LiveViolation[];
}

export interface OperationSummary {
  operationId: OperationId;
  method: HttpMethod;
  path: string;
  /** failed when any check failed; passed when at least one ran and none failed. */
  outcome: Outcome;
  checks: string[];
}

export interface LiveReport {
  baseUrl: string;
  allowWrites: boolean;
  startedAt: string;
  finishedAt: string;
  summary: { checks: number; checked: number; passed: number; failed: number; notChecked: number; violations: number };
  operations: OperationSummary[];
  results: CheckResult[];
}
