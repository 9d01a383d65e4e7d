// The report as JUnit XML for CI systems: one test case per rule (classname = area), a failure per
// failed rule, "skipped" for rules not checked (so a CI view never counts them as passed), and
// warnings as passing cases with system-out. Each case carries the specification sentence and the calls.
import type { ConformanceReport, RuleResult } from './report-types.ts';

export function escapeXml(text: string): string {
  return text
    .replace(/[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function details(r: RuleResult): string {
  const calls = r.calls.map((c) => `${c.method} ${c.url} -> ${c.status ?? c.error ?? '?'}`);
  return [`specification: ${r.spec}`, ...(r.gap ? [`gap: ${r.gap}`] : []), `calls (${r.calls.length}):`, ...calls].join(
    '\n',
  );
}

function testCase(r: RuleResult): string {
  const attrs = `classname="conformance.${escapeXml(r.area)}" name="${escapeXml(`${r.id}: ${r.title}`)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  const out = `      <system-out>${escapeXml(details(r))}</system-out>`;
  switch (r.status) {
    case 'passed':
      return `    <testcase ${attrs}>\n${out}\n    </testcase>`;
    case 'warned':
      return `    <testcase ${attrs}>\n      <system-err>${escapeXml(`warning (rests on a gap): ${r.violations.join('\n')}`)}</system-err>\n${out}\n    </testcase>`;
    case 'not checked':
      return `    <testcase ${attrs}>\n      <skipped message="${escapeXml(`not checked: ${r.reason ?? ''}`)}"/>\n${out}\n    </testcase>`;
    case 'failed':
      return `    <testcase ${attrs}>\n      <failure message="${escapeXml(`${r.id}: ${r.violations[0] ?? ''}`)}" type="RuleViolation">${escapeXml(r.violations.join('\n'))}</failure>\n${out}\n    </testcase>`;
  }
}

export function toJUnitXml(report: ConformanceReport): string {
  const s = report.summary;
  const time = ((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000).toFixed(3);
  // With --strict a rule not checked is a failure, so CI counts it as one.
  const failures = s.failed + (report.strict ? s.notChecked : 0);
  const counts = `tests="${s.rules}" failures="${failures}" errors="${report.unreachable ? 1 : 0}" skipped="${report.strict ? 0 : s.notChecked}" time="${time}"`;
  const unreachable = report.unreachable
    ? [
        `    <testcase classname="conformance" name="service reachable"><error message="${escapeXml(report.unreachable)}"/></testcase>`,
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="portfolio-conformance" ${counts}>`,
    `  <testsuite name="conformance ${escapeXml(report.baseUrl)} run ${escapeXml(report.runId)}" ${counts} timestamp="${escapeXml(report.startedAt)}">`,
    ...unreachable,
    ...report.results.map(testCase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
