// The report as JUnit XML for CI systems: one test case per check, a failure per violating check,
// "skipped" for checks that were not run (so a CI view never counts them as passed).
import type { CheckResult, LiveReport } from './report-types.ts';
import { formatViolation } from './report-text.ts';

function escapeXml(text: string): string {
  return text
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function testCase(r: CheckResult): string {
  const attrs = `classname="verify-live.${escapeXml(r.operationId)}" name="${escapeXml(`${r.id}: ${r.title}`)}" time="${((r.durationMs ?? 0) / 1000).toFixed(3)}"`;
  if (r.outcome === 'passed') return `    <testcase ${attrs}/>`;
  if (r.outcome === 'not checked') return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(`not checked: ${r.reason ?? ''}`)}"/>\n    </testcase>`;
  const details = r.violations.map(formatViolation).join('\n');
  const message = `${r.violations.length} contract violation(s) in ${r.method} ${r.url ?? r.path}`;
  return `    <testcase ${attrs}>\n      <failure message="${escapeXml(message)}" type="ContractViolation">${escapeXml(details)}</failure>\n    </testcase>`;
}

export function toJUnitXml(report: LiveReport): string {
  const s = report.summary;
  const time = ((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000).toFixed(3);
  const counts = `tests="${s.checks}" failures="${s.failed}" errors="0" skipped="${s.notChecked}" time="${time}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="verify-live" ${counts}>`,
    `  <testsuite name="verify-live ${escapeXml(report.baseUrl)}" ${counts} timestamp="${escapeXml(report.startedAt)}">`,
    ...report.results.map(testCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
