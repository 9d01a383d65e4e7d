// Human-readable output of a run: one progress line per rule as it finishes, the plan of a dry
// run, and the final summary (counts, failures, warnings, not checked, records created).
import { FIXTURES } from './records.ts';
import { formatCost, type RunPlan } from './plan.ts';
import type { ConformanceReport, RuleResult } from './report-types.ts';

const LABEL = { passed: 'PASS', failed: 'FAIL', warned: 'WARN', 'not checked': 'NOT CHECKED' } as const;

export function formatProgress(result: RuleResult, index: number, total: number): string {
  const width = String(total).length;
  const counter = `[${String(index + 1).padStart(width)}/${total}]`;
  const head = `${counter} ${LABEL[result.status].padEnd(11)} ${result.id.padEnd(44)} ${result.calls.length} call${result.calls.length === 1 ? '' : 's'}, ${result.durationMs} ms`;
  const lines = [result.reason ? `${head}  (${result.reason})` : head];
  for (const v of result.violations) lines.push(`${' '.repeat(counter.length + 1)}- ${v}`);
  return lines.join('\n');
}

/** `      sequences.invariants-hold [########------------] 2/5`: one line per step of a long rule. */
export function formatBar(ruleId: string, done: number, total: number): string {
  const width = 20;
  const filled = Math.round((done / Math.max(total, 1)) * width);
  return `      ${ruleId} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
}

export function formatPlan(plan: RunPlan, maxCredits: number): string {
  const lines = ['Plan (dry run: nothing is sent):', ''];
  for (const { rule, skip, fixtures } of plan.rules) {
    const needs = fixtures.length > 0 ? `; uses ${fixtures.join(', ')}` : '';
    lines.push(
      `  ${skip ? 'SKIP' : 'RUN '} ${rule.id.padEnd(44)} ${rule.operations.join(', ') || '(answers of the whole run)'}; ${formatCost(rule.cost)}${needs}${rule.gap ? '; gap: warns only' : ''}`,
    );
    if (skip) lines.push(`       not checked: ${skip}`);
  }
  const used = new Set(plan.rules.filter((p) => !p.skip).flatMap((p) => p.fixtures));
  if (used.size > 0) {
    lines.push('', 'Shared records (made once):');
    for (const f of used) lines.push(`  ${f}: ${FIXTURES[f].title}; ${formatCost(FIXTURES[f].cost)}`);
  }
  const analyses =
    plan.analyses > 0
      ? ` (${plan.analyses} company analyses counted at --analysis-cost: their cost is a gap of the specification)`
      : '';
  lines.push(
    '',
    `Worst case: ${plan.credits} credits${analyses}, ${plan.records} records; budget --max-credits ${maxCredits}. A call that could exceed the budget is not started.`,
  );
  return lines.join('\n');
}

export function formatReport(report: ConformanceReport): string {
  if (report.unreachable) return `\nRESULT: UNREACHABLE: ${report.unreachable}`;
  const s = report.summary;
  const lines = [
    '',
    `Conformance of ${report.baseUrl}, run ${report.runId} (writes ${report.allowWrites ? `allowed, budget ${report.maxCredits} credits` : 'not allowed'})`,
    `  rules: ${s.rules}, checked: ${s.checked}, passed: ${s.passed}, failed: ${s.failed}, warned: ${s.warned}, not checked: ${s.notChecked}`,
    `  credits spent (at most): ${report.creditsSpent}, records created: ${report.records.length}`,
  ];
  const section = (title: string, results: RuleResult[], text: (r: RuleResult) => string[]) => {
    if (results.length === 0) return;
    lines.push('', title);
    for (const r of results) lines.push(...text(r));
  };
  section(
    'Failed:',
    report.results.filter((r) => r.status === 'failed'),
    (r) => [`  ${r.id}: ${r.title}`, ...r.violations.map((v) => `    - ${v}`)],
  );
  section(
    'Warnings (rules resting on a gap of the specification):',
    report.results.filter((r) => r.status === 'warned'),
    (r) => [`  ${r.id} (${r.gap ?? ''}):`, ...r.violations.map((v) => `    - ${v}`)],
  );
  section(
    report.strict ? 'Not checked (a failure with --strict):' : 'Not checked:',
    report.results.filter((r) => r.status === 'not checked'),
    (r) => [`  ${r.id}: ${r.reason ?? ''}`],
  );
  if (report.records.length > 0) {
    lines.push('', `Records created (named with run id ${report.runId}):`);
    for (const r of report.records) lines.push(`  ${r.what} (${r.ruleId})`);
  }
  if (report.rateLimited)
    lines.push(
      '',
      `Rate limited: ${report.rateLimited.waits} answer(s) 429, waited ${Math.round(report.rateLimited.waitedMs / 1000)} s as Retry-After asked (not a violation: rate limits are not shown in the specification)`,
    );
  if (report.restored) lines.push('', report.restored);
  const strictFail = report.strict && s.notChecked > 0;
  lines.push(
    '',
    s.failed > 0 || strictFail
      ? `RESULT: FAIL (${s.failed} rule(s) violated${strictFail ? `, ${s.notChecked} not checked with --strict` : ''})`
      : `RESULT: PASS (${s.passed} rules hold; ${s.warned} warned; ${s.notChecked} not checked)`,
  );
  return lines.join('\n');
}
