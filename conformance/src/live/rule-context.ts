// The context a rule runs in: sends its calls with the right credential (after the budget allows
// them), judges every answer against the contract, collects the rule's violations, and stops the
// rule as "not checked" when something it needs is missing.
import { BudgetRefusal, type Budget } from './budget.ts';
import { NotChecked } from './not-checked.ts';
import { sleep } from './answers.ts';
import { exchange, requestUrl, type Exchange, type FetchLike } from './exchange.ts';
import type { ModelSource } from './oracle/model.ts';
import type { Fixtures } from './records.ts';
import { judgeAnswer } from './judge-response.ts';
import { locateOperation, type OperationId } from './operation-index.ts';
import type { CallAuth, CallRequest, Cost, Needs, RecordedExchange } from './rule-types.ts';
import type { RuleContext } from './rule.ts';

export interface Credentials {
  apiKey: string;
  accessToken?: string;
  secondApiKey?: string;
}

export interface SharedRunState {
  runId: string;
  baseUrl: string;
  credentials: Credentials;
  budget: Budget;
  fetch: FetchLike;
  timeoutMs: number;
  exchanges: RecordedExchange[];
  fixtures: Fixtures;
  capabilities: Record<keyof Needs, boolean>;
  replay: { seed?: number; path?: string };
  /** The oracle's model, when not the mock package's in-process mock (the mutation harness's unmutated copy). */
  oracleModel?: ModelSource;
  /** --drive-folder: a folder of the drive connected under the API-key user. */
  driveFolder?: string;
  /** Answers 429 the run waited out (Retry-After honoured): request rate limits are a gap of the specification. */
  rateLimited: { waits: number; waitedMs: number };
  onProgress?: (ruleId: string, done: number, total: number) => void;
}

/** Retries of one call answered 429: a rate limit is not a violation (its policy is not shown), it is waited out. */
const MAX_RATE_LIMIT_RETRIES = 5;
const MAX_RETRY_AFTER_MS = 30_000;

/** Retry-After in milliseconds (seconds or an HTTP date), 1 s when absent or unreadable, at most 30 s. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? '';
  const seconds = /^\d+(?:\.\d+)?$/.test(value) ? Number(value) * 1000 : undefined;
  const date = seconds === undefined && value ? Date.parse(value) - now : undefined;
  const wait = seconds ?? (date !== undefined && Number.isFinite(date) ? date : 1000);
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, wait));
}

function authorization(auth: CallAuth, credentials: Credentials): string | undefined {
  switch (auth) {
    case 'none':
      return undefined;
    case 'apiKey':
    case 'apiKeyOnBearer':
      return credentials.apiKey;
    case 'apiKeyAsBearer':
      return `Bearer ${credentials.apiKey}`;
    case 'rawAccessToken':
      if (!credentials.accessToken)
        throw new NotChecked('needs the session token of the webhook calls: pass --access-token');
      return credentials.accessToken;
    case 'invalidBearer':
      return `Bearer ${credentials.accessToken ?? credentials.apiKey}-not-a-valid-token`;
    case 'invalidApiKey':
      return `${credentials.apiKey}-not-a-valid-key`;
    case 'bearer':
      if (!credentials.accessToken)
        throw new NotChecked('needs the session token of the webhook calls: pass --access-token');
      return `Bearer ${credentials.accessToken}`;
    case 'secondApiKey':
      if (!credentials.secondApiKey) throw new NotChecked("needs a second user's API key: pass --second-api-key");
      return credentials.secondApiKey;
  }
}

export class RuleRun implements RuleContext {
  readonly violations: string[] = [];
  calls = 0;

  readonly ruleId: string;
  private readonly shared: SharedRunState;

  constructor(ruleId: string, shared: SharedRunState) {
    this.ruleId = ruleId;
    this.shared = shared;
  }

  get runId(): string {
    return this.shared.runId;
  }

  get fixtures(): Fixtures {
    return this.shared.fixtures;
  }

  async call(operationId: OperationId, request: CallRequest = {}): Promise<Exchange> {
    const operation = locateOperation(operationId);
    const auth = authorization(request.auth ?? 'apiKey', this.shared.credentials);
    if (request.spend) {
      try {
        this.shared.budget.reserve(request.spend);
      } catch (error) {
        if (error instanceof BudgetRefusal) throw new NotChecked(error.message);
        throw error;
      }
    }
    const method = request.method ?? operation.method;
    const judged = request.judge !== false;
    const record: RecordedExchange = {
      ruleId: this.ruleId,
      operationId,
      method,
      url: requestUrl(this.shared.baseUrl, operation.path, request.query),
      judged,
    };
    this.shared.exchanges.push(record);
    this.calls += 1;
    let answer: Exchange;
    try {
      for (let attempt = 0; ; attempt += 1) {
        answer = await exchange(
          { ...request, method, path: operation.path, baseUrl: this.shared.baseUrl, authorization: auth },
          this.shared.fetch,
          this.shared.timeoutMs,
        );
        if (answer.status !== 429 || attempt >= MAX_RATE_LIMIT_RETRIES) break;
        const wait = retryAfterMs(answer.headers.get('retry-after'));
        this.shared.rateLimited.waits += 1;
        this.shared.rateLimited.waitedMs += wait;
        await sleep(wait);
      }
    } catch (error) {
      const cause = (error as Error & { cause?: Error }).cause?.message;
      record.error = `no response: ${(error as Error).message}${cause ? ` (${cause})` : ''}`;
      throw new NotChecked(`${method} ${operation.path}: ${record.error}`);
    }
    record.status = answer.status;
    record.durationMs = answer.durationMs;
    if (judged)
      record.contractViolations = judgeAnswer(operation, answer).map((v) => `${v.in} ${v.path}: ${v.message}`);
    if (request.spend?.record && answer.status >= 200 && answer.status < 300)
      this.shared.budget.record(this.ruleId, request.spend.record);
    return answer;
  }

  expect(condition: boolean, message: string): void {
    if (!condition) this.violations.push(message);
  }

  notChecked(reason: string): never {
    throw new NotChecked(reason);
  }

  exchanges(): readonly RecordedExchange[] {
    return this.shared.exchanges;
  }

  can(need: keyof Needs): boolean {
    return this.shared.capabilities[need];
  }

  canSpend(cost: Cost): boolean {
    return this.shared.budget.allows(cost);
  }

  progress(done: number, total: number): void {
    this.shared.onProgress?.(this.ruleId, done, total);
  }

  get driveFolder(): string | undefined {
    return this.shared.driveFolder;
  }

  get replay(): { seed?: number; path?: string } {
    return this.shared.replay;
  }

  get oracleModel(): ModelSource | undefined {
    return this.shared.oracleModel;
  }
}
