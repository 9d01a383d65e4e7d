// Human-readable output of a run: one progress line per check as it finishes, then the report.
import type { CheckResult, LiveReport, LiveViolation } from './report-types.ts';

const LABEL = { passed: 'PASS', failed: 'FAIL', 'not checked': 'NOT CHECKED' } as const;

export function formatViolation(v: LiveViolation): string {
  return v.in === 'body' ? `body ${v.path}: ${v.message}` : `${v.in} ${v.path === '$' ? '' : `${v.path} `}${v.message}`.trim();
}

export function formatProgress(result: CheckResult, index: number, total: number): string {
  const width = String(total).length;
  const counter = `[${String(index + 1).padStart(width)}/${total}]`;
  const where = `${result.method} ${result.path}`;
  const head = `${counter} ${LABEL[result.outcome].padEnd(11)} ${result.id.padEnd(36)} ${where}`;
  if (result.outcome === 'not checked') return `${head}  (${result.reason ?? ''})`;
  const timing = result.status === undefined ? '' : `  ${result.status} in ${result.durationMs ?? 0} ms`;
  const lines = [`${head}${timing}`];
  for (const v of result.violations) lines.push(`${' '.repeat(counter.length + 1)}- ${formatViolation(v)}`);
  return lines.join('\n');
}

export function formatReport(report: LiveReport): string {
  const s = report.summary;
  const lines = [
    '',
    `Live conformance of ${report.baseUrl} (writes ${report.allowWrites ? 'allowed' : 'not allowed'})`,
    `  checks: ${s.checks}, checked: ${s.checked}, passed: ${s.passed}, failed: ${s.failed}, not checked: ${s.notChecked}, violations: ${s.violations}`,
    '',
    'Per operation:',
    ...report.operations.map((o) => `  ${LABEL[o.outcome].padEnd(11)} ${o.operationId.padEnd(28)} ${o.method} ${o.path}`),
  ];
  const failed = report.results.filter((r) => r.outcome === 'failed');
  if (failed.length > 0) {
    lines.push('', 'Violations:');
    for (const r of failed) {
      lines.push(`  ${r.id} (${r.method} ${r.url ?? r.path}):`);
      for (const v of r.violations) lines.push(`    - ${formatViolation(v)}`);
    }
  }
  const skipped = report.results.filter((r) => r.outcome === 'not checked');
  if (skipped.length > 0) {
    lines.push('', 'Not checked:');
    for (const r of skipped) lines.push(`  ${r.id}: ${r.reason ?? ''}`);
  }
  lines.push(
    '',
    s.failed === 0
      ? `RESULT: PASS (${s.passed} checks conform; ${s.notChecked} not checked)`
      : `RESULT: FAIL (${s.failed} of ${s.checked} checks violate the contract)`,
  );
  return lines.join('\n');
}
