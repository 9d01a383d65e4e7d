// Runs the live checks in order against one deployment and builds the report. A check that cannot
// run (writes not allowed, no access token, nothing to chain from) is "not checked", never passed;
// an operation of the contract without any check is listed as not checked too.
import type { Discovered } from './discovered.ts';
import { exchange, requestUrl, type FetchLike } from './exchange.ts';
import { judgeExchange } from './judge-response.ts';
import { liveChecks, type CheckAuth, type LiveCheck } from './live-checks.ts';
import { contractOperations, locateOperation } from './operation-index.ts';
import type { CheckResult, LiveReport, OperationSummary, Outcome } from './report-types.ts';

export interface LiveSuiteOptions {
  baseUrl: string;
  apiKey: string;
  accessToken?: string;
  allowWrites: boolean;
  /** A fund run to read when the suite may not start one. */
  fundExtractionId?: string;
  timeoutMs?: number;
  fetch?: FetchLike;
  checks?: LiveCheck[];
  /** Called after each check, in order, for progress output. */
  onResult?: (result: CheckResult, index: number, total: number) => void;
}

/** The Authorization header a check sends, or why it cannot be sent. */
function authorization(auth: CheckAuth, options: LiveSuiteOptions): { value?: string } | { notChecked: string } {
  switch (auth) {
    case 'none':
      return {};
    case 'apiKey':
    case 'apiKeyInsteadOfBearer':
      return { value: options.apiKey };
    case 'invalidApiKey':
      return { value: `${options.apiKey}-not-a-valid-key` };
    case 'bearer':
      return options.accessToken ? { value: `Bearer ${options.accessToken}` } : { notChecked: 'no --access-token given' };
  }
}

async function runCheck(check: LiveCheck, options: LiveSuiteOptions, found: Discovered): Promise<CheckResult> {
  const operation = locateOperation(check.operationId);
  const base: CheckResult = { id: check.id, ...operation, title: check.title, writes: check.writes, outcome: 'not checked', violations: [] };
  if (check.writes && !options.allowWrites) return { ...base, reason: 'creates data or spends credits: pass --allow-writes' };
  const auth = authorization(check.auth, options);
  if ('notChecked' in auth) return { ...base, reason: auth.notChecked };
  const plan = check.prepare(found);
  if ('notChecked' in plan) return { ...base, reason: plan.notChecked };

  const fetchImpl = options.fetch ?? fetch;
  let response;
  try {
    response = await exchange({ ...plan, ...operation, baseUrl: options.baseUrl, authorization: auth.value }, fetchImpl, options.timeoutMs ?? 30_000);
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message;
    const reason = `no response: ${(error as Error).message}${cause ? ` (${cause})` : ''}`;
    return {
      ...base,
      outcome: 'failed',
      url: requestUrl(options.baseUrl, operation.path, plan.query),
      reason,
      violations: [{ in: 'status', path: '$', message: reason }],
    };
  }
  const violations = judgeExchange(check, operation, response);
  if (violations.length === 0) check.learn?.(response.body, found);
  return {
    ...base,
    outcome: violations.length === 0 ? 'passed' : 'failed',
    url: response.url,
    status: response.status,
    durationMs: response.durationMs,
    violations,
  };
}

function summarizeOperations(results: CheckResult[]): OperationSummary[] {
  return contractOperations().map((operation) => {
    const mine = results.filter((r) => r.operationId === operation.operationId);
    const outcome: Outcome = mine.some((r) => r.outcome === 'failed')
      ? 'failed'
      : mine.some((r) => r.outcome === 'passed')
        ? 'passed'
        : 'not checked';
    return { ...operation, outcome, checks: mine.map((r) => r.id) };
  });
}

export async function runLiveSuite(options: LiveSuiteOptions): Promise<LiveReport> {
  const startedAt = new Date().toISOString();
  const checks = options.checks ?? liveChecks;
  const found: Discovered = { fundExtractionId: options.fundExtractionId };
  const results: CheckResult[] = [];
  for (const [index, check] of checks.entries()) {
    const result = await runCheck(check, options, found);
    results.push(result);
    options.onResult?.(result, index, checks.length);
  }
  for (const operation of contractOperations()) {
    if (!checks.some((c) => c.operationId === operation.operationId)) {
      results.push({ id: operation.operationId, ...operation, title: 'no check in the suite', writes: false, outcome: 'not checked', reason: 'the suite has no check for this operation', violations: [] });
    }
  }
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  return {
    baseUrl: options.baseUrl,
    allowWrites: options.allowWrites,
    startedAt,
    finishedAt: new Date().toISOString(),
    summary: {
      checks: results.length,
      checked: count('passed') + count('failed'),
      passed: count('passed'),
      failed: count('failed'),
      notChecked: count('not checked'),
      violations: results.reduce((n, r) => n + r.violations.length, 0),
    },
    operations: summarizeOperations(results),
    results,
  };
}
