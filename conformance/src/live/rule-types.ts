// The shape of a conformance rule: one client-observable rule of the specification, with the
// sentence it comes from, the operations it calls, what it may cost and what it needs to run.
import type { Exchange } from './exchange.ts';
import type { Fixtures } from './records.ts';
import type { OperationId } from './operation-index.ts';

export type Area = 'auth' | 'envelope' | 'companies' | 'search' | 'analysis' | 'fullreport' | 'messages' | 'funds' | 'webhooks' | 'sequences' | 'contract';

/** Worst case of one call or one rule: credits charged ('unknown' where the specification does not say) and records created. */
export interface Cost {
  credits: number | 'unknown';
  records: number;
}

export interface Needs {
  /** Creates data, changes a setting or spends credits: only with --allow-writes. */
  writes?: boolean;
  /** The webhook calls' session token (--access-token). */
  accessToken?: boolean;
  /** A second user's API key (--second-api-key). */
  secondUser?: boolean;
  /** A webhook receiver the service can reach (--receiver-host). */
  receiver?: boolean;
}

/** Who a call authenticates as; the wrong credential is sent on purpose by some rules. */
export type CallAuth = 'apiKey' | 'bearer' | 'none' | 'invalidApiKey' | 'apiKeyOnBearer' | 'secondApiKey';

export interface CallRequest {
  auth?: CallAuth;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: FormData;
  /** Send another method than the operation's (the unsupported-method checks). */
  method?: string;
  /** What the call may cost and create, checked against the budget before it is sent. */
  spend?: Cost & { record?: string };
  /**
   * Judge the answer against the contract (default true). False where the status is deliberately
   * outside the contract (unsupported method, invalid request: their codes are a gap).
   */
  judge?: boolean;
}

export interface RuleContext {
  readonly runId: string;
  readonly fixtures: Fixtures;
  call(operationId: OperationId, request?: CallRequest): Promise<Exchange>;
  /** Records a violation when the condition is false and goes on. */
  expect(condition: boolean, message: string): void;
  /** Stops the rule as not checked (missing option, budget, nothing to check against). */
  notChecked(reason: string): never;
  /** Every exchange of the run so far (for the rules over all answers). */
  exchanges(): readonly RecordedExchange[];
  /** Whether the run's options give this need (the sequences choose their commands by it). */
  can(need: keyof Needs): boolean;
  /** Whether a call of this cost would be allowed by the budget now (nothing is reserved). */
  canSpend(cost: Cost): boolean;
  /** Reports progress of a long rule (the sequences), for a progress bar. */
  progress(done: number, total: number): void;
  /** --seed and --sequence-path, to replay a failing sequence. */
  readonly replay: { seed?: number; path?: string };
}

export interface RecordedExchange {
  ruleId: string;
  operationId: OperationId;
  method: string;
  url: string;
  status?: number;
  /** Contract violations of the answer, when it was judged. */
  contractViolations?: string[];
  /** False when the status was deliberately outside the contract. */
  judged: boolean;
  /** No answer: the reason. */
  error?: string;
  durationMs?: number;
}

export interface Rule {
  /** Stable id, `<area>.<kebab-case rule>`. */
  id: string;
  area: Area;
  title: string;
  /** The sentence (or table row) of the specification the rule comes from, quoted. */
  spec: string;
  operations: OperationId[];
  /** The rule's own calls, worst case; fixtures it uses are counted once per run (see fixtures.ts). */
  cost: Cost;
  /** Shared records the rule uses (created at most once per run). */
  uses?: FixtureName[];
  needs: Needs;
  /** The rule rests on a gap of the specification: it is reported as a warning, never a failure. */
  gap?: string;
  /** Runs after every other rule (it judges the answers of the whole run). */
  last?: boolean;
  check(ctx: RuleContext): Promise<void>;
}

export type FixtureName = 'createdCompany' | 'fundFolder' | 'fundRun' | 'receiverConfigured' | 'analyzedCompany';
