// The shape of a conformance rule: one client-observable rule of the specification, with the
// sentence it comes from, the operations it calls, what it may cost and what it needs to run.
import type { Exchange } from './exchange.ts';
import type { OperationId } from './operation-index.ts';

export type Area =
  | 'auth'
  | 'envelope'
  | 'companies'
  | 'search'
  | 'analysis'
  | 'fullreport'
  | 'messages'
  | 'funds'
  | 'webhooks'
  | 'sequences'
  | 'oracle'
  | 'contract';

/** Worst case of one call or one rule: credits charged ('unknown' where the specification does not say) and records created. */
export interface Cost {
  credits: number | 'unknown';
  records: number;
  /** With credits 'unknown': how many company analyses it may start (1 when absent). */
  analyses?: number;
  /**
   * With credits a number: company analyses it may start besides, only when --analysis-cost says
   * what one costs (without it the rule runs and starts none).
   */
  optionalAnalyses?: number;
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
  /** A folder of the drive connected under the API-key user (--drive-folder). */
  driveFolder?: boolean;
}

/** Who a call authenticates as; the wrong credential is sent on purpose by some rules. */
export type CallAuth =
  | 'apiKey'
  | 'bearer'
  | 'none'
  | 'invalidApiKey'
  | 'apiKeyOnBearer'
  | 'secondApiKey'
  /** The API key in the wrong scheme: `Bearer <API key>`. */
  | 'apiKeyAsBearer'
  /** The session token without its scheme, as if it were an API key. */
  | 'rawAccessToken'
  /** A Bearer token no session issued. */
  | 'invalidBearer';

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

/** What shares a rule's calls: the run id and the calls themselves (the shared records make theirs through it). */
export interface Caller {
  readonly runId: string;
  call(operationId: OperationId, request?: CallRequest): Promise<Exchange>;
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

export type FixtureName =
  | 'createdCompany'
  | 'fundFolder'
  | 'fundRun'
  | 'receiverConfigured'
  | 'analyzedCompany'
  | 'filledList';
