// The diff report as text (terminal), Markdown (pull requests, the changelog) or JSON (tools).
import type { Counterexample, DiffReport, Direction, Finding, Severity } from './types.ts';

const ORDER: Severity[] = ['breaking', 'non-breaking', 'info'];

export function formatJson(report: DiffReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}

const example = (c: Counterexample) =>
  `${c.exchange}, ${c.verdict} (refusal: ${c.refusal}): ${JSON.stringify(c.instance)}`;

/** Who a breaking change breaks, in words. */
const BREAKS: Record<Direction, string> = {
  request: 'breaks consumers that send this',
  response: 'breaks clients that read this',
  webhook: 'breaks webhook receivers that read this',
};

/** A JSON pointer as a reader writes it: `paths./integration/projects.get`, not `paths/~1integration~1projects/get`. */
export function readableLocation(location: string): string {
  if (!location) return '/';
  const parts = location.replace(/^#?\//, '').split('/');
  return parts.map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~')).join(' › ');
}

/** Findings in order, each change once (two walks can report the same change at the same place). */
export function distinctFindings(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.severity}|${f.direction}|${f.location}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A breaking change under an unchanged major version is what the version number exists to announce. */
export function versionWarning(report: DiffReport): string | undefined {
  const breaking = distinctFindings(report.findings).filter((f) => f.severity === 'breaking').length;
  const major = (v: string) => v.split('.')[0];
  if (breaking === 0 || major(report.base.version) !== major(report.head.version)) return undefined;
  return `${breaking} breaking change(s) under the same major version ${major(report.head.version)} (${report.base.version} -> ${report.head.version}): raise info.version's major part`;
}

const label = (f: Finding) => (f.severity === 'breaking' ? `${f.direction}: ${BREAKS[f.direction]}` : f.direction);

export function formatText(report: DiffReport): string {
  const lines = [
    `contract diff ${report.base.label} (${report.base.version}) -> ${report.head.label} (${report.head.version})`,
  ];
  const warning = versionWarning(report);
  if (warning) lines.push(`VERSION: ${warning}`);
  for (const severity of ORDER) {
    const list = distinctFindings(report.findings).filter((f) => f.severity === severity);
    lines.push('', `${severity.toUpperCase()} (${list.length})`);
    for (const f of list) {
      lines.push(`  [${label(f)}] ${readableLocation(f.location)}: ${f.message}`);
      if (f.counterexample) lines.push(`    counterexample: ${example(f.counterexample)}`);
      if (f.noCounterexample) lines.push(`    no counterexample: ${f.noCounterexample}`);
      if (severity === 'breaking' && f.affects?.length) lines.push(`    affects: ${f.affects.join('; ')}`);
    }
  }
  lines.push(
    '',
    `REPLAY: ${report.replay.checked} examples and pact interactions, ${report.replay.failures.length} would now fail`,
  );
  for (const r of report.replay.failures)
    lines.push(`  ${r.source} (${r.exchange}): ${r.reason}; affected: ${r.affected}`);
  for (const n of report.replay.notes) lines.push(`  note: ${n}`);
  return `${lines.join('\n')}\n`;
}

export function formatMarkdown(
  report: DiffReport,
  title = `Contract changes ${report.base.version} → ${report.head.version}`,
): string {
  const lines = [`## ${title}`, ''];
  for (const severity of ORDER) {
    const list = distinctFindings(report.findings).filter((f) => f.severity === severity);
    if (list.length === 0) continue;
    lines.push(`### ${severity[0]!.toUpperCase()}${severity.slice(1)} (${list.length})`, '');
    for (const f of list) lines.push(...markdownFinding(f));
    lines.push('');
  }
  if (report.findings.length === 0) lines.push('No changes.', '');
  if (report.replay.failures.length > 0) {
    lines.push(`### Replay: ${report.replay.failures.length} of ${report.replay.checked} would now fail`, '');
    for (const r of report.replay.failures)
      lines.push(`- ${r.source} (${r.exchange}): ${r.reason}; affected: ${r.affected}`);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

function markdownFinding(f: Finding): string[] {
  const out = [`- **${label(f)}** \`${readableLocation(f.location)}\`: ${f.message}`];
  if (f.counterexample)
    out.push(
      `  - counterexample (${f.counterexample.exchange}, ${f.counterexample.verdict}; refusal: \`${f.counterexample.refusal}\`): \`${JSON.stringify(f.counterexample.instance)}\``,
    );
  if (f.noCounterexample) out.push(`  - no counterexample: ${f.noCounterexample}`);
  return out;
}
