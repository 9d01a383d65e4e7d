// The shapes every layer of the contract diff shares.
export type Json = Record<string, unknown>;
export type Severity = 'breaking' | 'non-breaking' | 'info';
export type Direction = 'request' | 'response' | 'webhook';

export interface Finding {
  id: string;
  severity: Severity;
  direction: Direction;
  /** JSON Pointer in the head contract, or in the base one for removals. */
  location: string;
  message: string;
  /** An instance one side accepts and the other refuses, checked by Ajv against both. */
  counterexample?: Counterexample;
  /** Why no counterexample was built, on a breaking finding without one. */
  noCounterexample?: string;
  /** The exchanges (operation and part) the change reaches. */
  affects?: string[];
}

export interface Counterexample {
  /** Which exchange the instance belongs to, for example `POST /integration/project request`. */
  exchange: string;
  /** `accepted by base, refused by head` (what consumers send) or the reverse (what the service sends). */
  verdict: string;
  instance: unknown;
  /** Ajv's first complaint from the refusing side. */
  refusal: string;
}

export interface ReplayFailure {
  source: string;
  exchange: string;
  affected: string;
  reason: string;
}

export interface DiffReport {
  base: { label: string; version: string };
  head: { label: string; version: string };
  findings: Finding[];
  replay: { checked: number; failures: ReplayFailure[]; notes: string[] };
}
