// Runs the catalogue against one deployment: checks the service answers at all (else the run
// stops: exit code 3), runs every rule whose needs are met, in order, and builds the report.
// A rule that cannot run is "not checked", never passed; a gap-based rule that does not hold is
// "warned", never failed.
import { randomBytes } from 'node:crypto';
import { Budget } from './budget.ts';
import { catalogue } from './catalogue/index.ts';
import { exchange, type FetchLike } from './exchange.ts';
import type { ModelSource } from './oracle/model.ts';
import { Fixtures } from './records.ts';
import { locateOperation } from './operation-index.ts';
import { planRun } from './plan.ts';
import { startReceiver, type ConformanceReceiver } from './receiver.ts';
import type { ConformanceReport, RuleResult, RuleStatus } from './report-types.ts';
import { retryAfterMs, RuleRun, type SharedRunState } from './rule-context.ts';
import { sleep } from './answers.ts';
import { NotChecked } from './not-checked.ts';
import type { RecordedExchange } from './rule-types.ts';
import type { Rule } from './rule.ts';

export interface ConformanceOptions {
  baseUrl: string;
  apiKey: string;
  accessToken?: string;
  secondApiKey?: string;
  allowWrites: boolean;
  maxCredits: number;
  /** What one company analysis costs on this deployment (the specification does not say). */
  analysisCost?: number;
  /** Start a webhook receiver on this host (and port, 0 = free) and save its URL. */
  receiverHost?: string;
  receiverPort?: number;
  /** The URL the service must call when it reaches the receiver through a tunnel or proxy. */
  receiverPublicUrl?: string;
  /** A folder link or id of the drive connected under the API-key user (the folder-link rules). */
  driveFolder?: string;
  pollIntervalMs?: number;
  pollTimeoutMs?: number;
  deliveryTimeoutMs?: number;
  timeoutMs?: number;
  strict?: boolean;
  runId?: string;
  /** Run only these rule ids (and what they need). */
  only?: string[];
  rules?: Rule[];
  /** Replay a failing sequence: the seed and path the failure printed. */
  seed?: number;
  sequencePath?: string;
  /** The oracle's model (default: the mock package's in-process mock); the mutation harness passes an unmutated copy. */
  oracleModel?: ModelSource;
  fetch?: FetchLike;
  onResult?: (result: RuleResult, index: number, total: number) => void;
  /** Progress of a long rule (the stateful sequences). */
  onProgress?: (ruleId: string, done: number, total: number) => void;
}

function newRunId(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  return `${stamp}-${randomBytes(2).toString('hex')}`;
}

export function selectRules(options: Pick<ConformanceOptions, 'only' | 'rules'>): Rule[] {
  const all = options.rules ?? catalogue;
  if (!options.only) return all;
  const unknown = options.only.filter((id) => !all.some((r) => r.id === id));
  if (unknown.length > 0) throw new Error(`Unknown rule id: ${unknown.join(', ')}`);
  return all.filter((r) => options.only?.includes(r.id));
}

/** Undefined when the service answers JSON to the company list; else why the run cannot go on. */
async function probe(options: ConformanceOptions, fetchImpl: FetchLike): Promise<string | undefined> {
  const { method, path } = locateOperation('listProjects');
  try {
    const ask = () =>
      exchange(
        {
          method,
          path,
          baseUrl: options.baseUrl,
          authorization: options.apiKey,
          headers: { 'content-type': 'application/json' },
          query: { pageSize: '1' },
        },
        fetchImpl,
        options.timeoutMs ?? 30_000,
      );
    let answer = await ask();
    // A rate limit is waited out, not taken for an unusable service.
    for (let retry = 0; answer.status === 429 && retry < 5; retry += 1) {
      await sleep(retryAfterMs(answer.headers.get('retry-after')));
      answer = await ask();
    }
    if (answer.parseError !== undefined)
      return `${options.baseUrl} answered the company list with HTTP ${answer.status} and no JSON: nothing usable (is the base URL right, including /api?)`;
    return undefined;
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message;
    return `${options.baseUrl} could not be reached: ${(error as Error).message}${cause ? ` (${cause})` : ''}`;
  }
}

function statusOf(rule: Rule, violations: string[], notChecked?: string): RuleStatus {
  if (violations.length > 0) return rule.gap ? 'warned' : 'failed';
  return notChecked === undefined ? 'passed' : 'not checked';
}

function summarize(results: RuleResult[]): ConformanceReport['summary'] {
  const count = (status: RuleStatus) => results.filter((r) => r.status === status).length;
  return {
    rules: results.length,
    checked: results.length - count('not checked'),
    passed: count('passed'),
    failed: count('failed'),
    warned: count('warned'),
    notChecked: count('not checked'),
  };
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const startedAt = new Date().toISOString();
  const runId = options.runId ?? newRunId();
  const rules = selectRules(options);
  const fetchImpl = options.fetch ?? fetch;
  const budget = new Budget(options.allowWrites, options.maxCredits, options.analysisCost);
  const base = {
    runId,
    baseUrl: options.baseUrl,
    allowWrites: options.allowWrites,
    maxCredits: options.maxCredits,
    strict: options.strict ?? false,
    startedAt,
  };

  const unreachable = await probe(options, fetchImpl);
  if (unreachable) {
    return {
      ...base,
      finishedAt: new Date().toISOString(),
      unreachable,
      summary: summarize([]),
      creditsSpent: 0,
      records: [],
      results: [],
    };
  }

  let receiver: ConformanceReceiver | undefined;
  if (options.receiverHost)
    receiver = await startReceiver(options.receiverHost, options.receiverPort ?? 0, runId, options.receiverPublicUrl);
  const exchanges: RecordedExchange[] = [];
  let current: RuleRun | undefined;
  const capabilities = {
    writes: options.allowWrites,
    accessToken: !!options.accessToken,
    secondUser: !!options.secondApiKey,
    receiver: !!receiver,
    driveFolder: !!options.driveFolder,
  };
  const shared: SharedRunState = {
    runId,
    baseUrl: options.baseUrl,
    credentials: { apiKey: options.apiKey, accessToken: options.accessToken, secondApiKey: options.secondApiKey },
    budget,
    fetch: fetchImpl,
    timeoutMs: options.timeoutMs ?? 30_000,
    exchanges,
    capabilities,
    replay: { seed: options.seed, path: options.sequencePath },
    oracleModel: options.oracleModel,
    driveFolder: options.driveFolder,
    rateLimited: { waits: 0, waitedMs: 0 },
    onProgress: options.onProgress,
    fixtures: new Fixtures(() => current as RuleRun, {
      pollIntervalMs: options.pollIntervalMs ?? 5_000,
      pollTimeoutMs: options.pollTimeoutMs ?? 15 * 60_000,
      deliveryTimeoutMs: options.deliveryTimeoutMs ?? 120_000,
      receiver,
    }),
  };
  const plan = planRun(rules, capabilities, options.analysisCost);
  const results: RuleResult[] = [];
  let restoredAlready = false;
  try {
    for (const [index, { rule, skip }] of plan.rules.entries()) {
      const run = new RuleRun(rule.id, shared);
      current = run;
      const started = performance.now();
      const before = exchanges.length;
      let reason = skip;
      if (!skip) {
        try {
          await rule.check(run);
        } catch (error) {
          // An answer of an unexpected shape can stop a rule anywhere: that is a failure, not a crash.
          if (error instanceof NotChecked) reason = error.message;
          else run.expect(false, `the rule stopped on an answer it could not read: ${(error as Error).message}`);
        }
      }
      const result: RuleResult = {
        id: rule.id,
        area: rule.area,
        title: rule.title,
        spec: rule.spec,
        ...(rule.gap ? { gap: rule.gap } : {}),
        status: statusOf(rule, run.violations, reason),
        ...(reason !== undefined && run.violations.length === 0 ? { reason } : {}),
        violations: run.violations,
        calls: exchanges
          .slice(before)
          .map((e) => ({ method: e.method, url: e.url, status: e.status, ...(e.error ? { error: e.error } : {}) })),
        durationMs: Math.round(performance.now() - started),
      };
      results.push(result);
      options.onResult?.(result, index, plan.rules.length);
    }
    current = new RuleRun('restore', shared);
    const restored = await shared.fixtures.restore();
    restoredAlready = true;
    return {
      ...base,
      finishedAt: new Date().toISOString(),
      summary: summarize(results),
      creditsSpent: budget.creditsSpent,
      records: budget.records,
      ...(restored ? { restored } : {}),
      ...(shared.rateLimited.waits > 0 ? { rateLimited: { ...shared.rateLimited } } : {}),
      results,
    };
  } finally {
    // Even when the run stops early, the webhook configuration goes back to what it was.
    if (!restoredAlready) {
      current = new RuleRun('restore', shared);
      await shared.fixtures.restore();
    }
    await receiver?.close();
  }
}

/** 0 every checked rule holds; 1 a rule failed (or, with strict, was not checked); 3 unreachable. */
export function exitCodeOf(report: ConformanceReport): number {
  if (report.unreachable) return 3;
  if (report.summary.failed > 0) return 1;
  if (report.strict && report.summary.notChecked > 0) return 1;
  return 0;
}
