// The receiver check's report: its shape, the exit code it gives, and its text and JUnit forms.
import { junitCase, junitDocument } from '../live/report-junit.ts';
import type { DeliveryMade } from './send.ts';

export type ReceiverRuleStatus = 'passed' | 'failed' | 'warned' | 'not checked';

export interface ReceiverRuleResult {
  id: string;
  title: string;
  /** The specification's sentence the rule comes from. */
  spec: string;
  /** Set when the rule rests on a gap of the specification: its failures are warnings. */
  gap?: string;
  status: ReceiverRuleStatus;
  /** Why the rule was not checked. */
  reason?: string;
  /** What the check could not see (e.g. a repeat's effect without --observe-url). */
  note?: string;
  violations: string[];
  deliveries: DeliveryMade[];
  durationMs: number;
}

export interface ReceiverReport {
  url: string;
  /** Longest wait for an answer (the specification's 30 seconds unless set lower). */
  thresholdMs: number;
  observeUrl?: string;
  strict: boolean;
  startedAt: string;
  finishedAt: string;
  /** Set when the receiver could not be reached at all (exit code 3). */
  unreachable?: string;
  summary: { rules: number; passed: number; failed: number; warned: number; notChecked: number };
  results: ReceiverRuleResult[];
}

/** 0 every rule holds; 1 a rule fails (or, with --strict, warns); 3 the receiver could not be reached. */
export function receiverExitCode(report: ReceiverReport): number {
  if (report.unreachable) return 3;
  if (report.summary.failed > 0) return 1;
  if (report.strict && report.summary.warned > 0) return 1;
  return 0;
}

const LABEL = { passed: 'PASS', failed: 'FAIL', warned: 'WARN', 'not checked': 'NOT CHECKED' } as const;

function outcome(d: DeliveryMade): string {
  return `${d.label} -> ${d.status ?? d.error ?? '?'} in ${d.durationMs} ms`;
}

export function formatReceiverResult(r: ReceiverRuleResult): string {
  const head = `${LABEL[r.status].padEnd(11)} ${r.id.padEnd(48)} ${r.deliveries.length} deliver${r.deliveries.length === 1 ? 'y' : 'ies'}`;
  const lines = [r.reason ? `${head}  (${r.reason})` : head];
  for (const v of r.violations) lines.push(`            - ${v}`);
  if (r.status === 'warned' && r.gap) lines.push(`            x-gap: ${r.gap}`);
  if (r.note) lines.push(`            note: ${r.note}`);
  return lines.join('\n');
}

export function formatReceiverSummary(report: ReceiverReport): string {
  if (report.unreachable) return `\nRESULT: UNREACHABLE: ${report.unreachable}`;
  const s = report.summary;
  const time = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  return [
    '',
    `Receiver ${report.url}: rules ${s.rules}, passed ${s.passed}, failed ${s.failed}, warned ${s.warned}, not checked ${s.notChecked} (${time} ms)`,
    s.failed > 0
      ? "RESULT: FAILED: the service's deliveries of the failed events would be recorded as errors"
      : s.warned > 0
        ? `RESULT: ${report.strict ? 'FAILED (--strict)' : 'PASSED'} with warnings on what the specification leaves open`
        : 'RESULT: PASSED',
  ].join('\n');
}

function testCase(r: ReceiverRuleResult): string {
  const details = [
    `specification: ${r.spec}`,
    ...(r.gap ? [`x-gap: ${r.gap}`] : []),
    ...(r.note ? [`note: ${r.note}`] : []),
    `deliveries (${r.deliveries.length}):`,
    ...r.deliveries.map(outcome),
  ].join('\n');
  return junitCase('receiver', r, details);
}

export function receiverJUnitXml(report: ReceiverReport): string {
  const s = report.summary;
  return junitDocument({
    name: 'portfolio-conformance receiver',
    suite: `receiver ${report.url}`,
    classname: 'receiver',
    tests: s.rules,
    failures: s.failed + (report.strict ? s.warned : 0),
    skipped: s.notChecked,
    seconds: (Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000,
    startedAt: report.startedAt,
    unreachable: report.unreachable,
    unreachableCase: 'receiver reachable',
    cases: report.results.map(testCase),
  });
}
