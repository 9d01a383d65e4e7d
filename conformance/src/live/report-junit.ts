// The report as JUnit XML for CI systems: one test case per rule (classname = area), a failure per
// failed rule, "skipped" for rules not checked (so a CI view never counts them as passed), and
// warnings as passing cases with system-out. Each case carries the specification sentence and the calls.
import type { ConformanceReport, RuleResult } from './report-types.ts';

function escapeXml(text: string): string {
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

/** What a JUnit test case shows of a rule's result (the live suite's and the receiver check's). */
export interface JUnitCaseResult {
  id: string;
  title: string;
  durationMs: number;
  status: RuleResult['status'];
  violations: string[];
  reason?: string | undefined;
}

/** One rule as a JUnit test case: failure, skipped or a warning on system-err, the details on system-out. */
export function junitCase(classname: string, r: JUnitCaseResult, details: string): string {
  const attrs = `classname="${escapeXml(classname)}" name="${escapeXml(`${r.id}: ${r.title}`)}" time="${(r.durationMs / 1000).toFixed(3)}"`;
  const out = `      <system-out>${escapeXml(details)}</system-out>`;
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

const testCase = (r: RuleResult): string => junitCase(`conformance.${r.area}`, r, details(r));

/** What a JUnit report of one run holds: its counts, one suite and its test cases (already XML). */
export interface JUnitRun {
  name: string;
  suite: string;
  classname: string;
  tests: number;
  failures: number;
  skipped: number;
  seconds: number;
  startedAt: string;
  /** The target could not be reached: one error case named `unreachableCase`. */
  unreachable: string | undefined;
  unreachableCase: string;
  cases: string[];
}

/** The JUnit document both reports write (the live suite's and the receiver check's). */
export function junitDocument(run: JUnitRun): string {
  const counts = `tests="${run.tests}" failures="${run.failures}" errors="${run.unreachable ? 1 : 0}" skipped="${run.skipped}" time="${run.seconds.toFixed(3)}"`;
  const unreachable = run.unreachable
    ? [
        `    <testcase classname="${run.classname}" name="${run.unreachableCase}"><error message="${escapeXml(run.unreachable)}"/></testcase>`,
      ]
    : [];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(run.name)}" ${counts}>`,
    `  <testsuite name="${escapeXml(run.suite)}" ${counts} timestamp="${escapeXml(run.startedAt)}">`,
    ...unreachable,
    ...run.cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

export function toJUnitXml(report: ConformanceReport): string {
  const s = report.summary;
  return junitDocument({
    name: 'portfolio-conformance',
    suite: `conformance ${report.baseUrl} run ${report.runId}`,
    classname: 'conformance',
    tests: s.rules,
    // With --strict a rule not checked is a failure, so CI counts it as one.
    failures: s.failed + (report.strict ? s.notChecked : 0),
    skipped: report.strict ? 0 : s.notChecked,
    seconds: (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000,
    startedAt: report.startedAt,
    unreachable: report.unreachable,
    unreachableCase: 'service reachable',
    cases: report.results.map(testCase),
  });
}
