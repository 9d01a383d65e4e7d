// The parity report as terminal text, as a Markdown page the documentation site takes as it is
// (a file of the docs/ folder is a page of the site), and the files written with --report.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GapObservation } from '../../../common/src/index.ts';
import type { ParityGap, ParityReport } from './run-parity.ts';

/** `404 MOCK_NOT_FOUND`, `extra fields: companyName, website`, `429 after 10 (Retry-After 2, code -)`. */
export function describeObservation(observation: GapObservation | null): string {
  if (observation === null) return '-';
  switch (observation.kind) {
    case 'error':
      return `HTTP ${observation.status} ${observation.code ?? '(no code)'}`;
    case 'fields': {
      const names = Object.keys(observation.extra);
      return names.length === 0 ? 'no extra fields' : `extra fields: ${names.join(', ')}`;
    }
    case 'shape':
      return {
        object: 'data is an object',
        array: 'data is an array',
        null: 'data is null',
        other: 'an error or another type',
      }[observation.shape];
    case 'values':
      return Object.entries(observation.values)
        .map(([name, value]) => `${name}: ${value}`)
        .join(', ');
    case 'rate-limit':
      return observation.limitedAfter === null
        ? 'no 429 in the burst'
        : `429 after ${observation.limitedAfter} requests (Retry-After ${observation.retryAfter ?? 'absent'}, code ${observation.code ?? 'absent'})`;
  }
}

function mark(gap: ParityGap): string {
  if (!gap.touched) return 'not touched';
  return gap.differs ? 'differs' : 'same';
}

function summary(report: ParityReport): string {
  const waits = report.rateLimited.waits
    ? `; rate-limited ${report.rateLimited.waits} times outside the burst (${(report.rateLimited.waitedMs / 1000).toFixed(1)} s waited, as Retry-After said)`
    : '';
  const against = report.baselineSource ? `the baseline (${report.baselineSource})` : "the mock's choice";
  return `${report.touched} of the ${report.observed} observed behaviours touched, answering ${report.gapsTouched} of the contract's ${report.contractGaps} x-gap marks; ${report.differences} differ from ${against}${waits}`;
}

/** One line per behaviour, then the count. */
export function formatParityText(report: ParityReport): string {
  const lines = [`Gap parity of ${report.baseUrl}${report.session ? ` (mock session ${report.session})` : ''}`, ''];
  for (const gap of report.gaps) {
    const line = `[${mark(gap)}] ${gap.id}: ${gap.title}`;
    if (!gap.touched) lines.push(`${line}\n    ${gap.reason}`);
    else
      lines.push(
        `${line}\n    mock: ${describeObservation(gap.mock)};${gap.baseline ? ` baseline: ${describeObservation(gap.baseline)};` : ''} deployment: ${describeObservation(gap.deployment)}${gap.differs ? (gap.profileable ? ' (the mock can follow it: --gap-profile)' : ` (not profile-able${gap.profileNote ? `: ${gap.profileNote}` : ''})`) : ''}`,
      );
  }
  lines.push('', summary(report));
  return lines.join('\n');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The page for the documentation site: a table of every behaviour, then each exchange. */
export function formatParityMarkdown(report: ParityReport): string {
  const lines = [
    `# Gap parity: ${report.baseUrl}`,
    '',
    `Written by \`portfolio-conformance parity\` on ${report.generatedAt}. Where the specification is silent (an \`x-gap\` of the contract), the mock chooses an answer and names it in \`X-Mock-Gap\`; this page sets the deployment's answer beside it. A difference is not a violation: it is what this deployment does. \`portfolio-mock --gap-profile parity.json\` makes the mock answer like it where the column "profile-able" says yes.`,
    '',
    `${summary(report)}.`,
    '',
    ...(report.baselineSource
      ? [
          `Compared with the answers of an earlier run against ${report.baselineSource} (--baseline), not with the mock's choices.`,
          '',
        ]
      : []),
    `| behaviour | open in the contract | ${report.baselineSource ? 'baseline' : 'mock'} | deployment | | profile-able |`,
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const gap of report.gaps)
    lines.push(
      `| \`${gap.id}\` ${cell(gap.title)} | ${cell(gap.gap)} (\`${cell(gap.pointer)}\`) | ${cell(describeObservation(gap.baseline ?? gap.mock))} | ${cell(gap.touched ? describeObservation(gap.deployment) : `not touched: ${gap.reason ?? ''}`)} | ${mark(gap)} | ${gap.profileable ? 'yes' : `no${gap.profileNote ? `: ${cell(gap.profileNote)}` : ''}`} |`,
    );
  lines.push('', '## Exchanges');
  for (const gap of report.gaps) {
    if (!gap.exchange) continue;
    const { request, response } = gap.exchange;
    lines.push(
      '',
      `### ${gap.id}`,
      '',
      '```http',
      `${request.method} ${request.url}`,
      `Authorization: <${request.authorization}>`,
      ...(request.body === undefined ? [] : ['Content-Type: application/json', '', request.body]),
      '```',
      '',
      '```http',
      `HTTP ${response.status}`,
      ...Object.entries(response.headers).map(([name, value]) => `${name}: ${value}`),
      '',
      typeof response.body === 'string' ? response.body : JSON.stringify(response.body, null, 2),
      '```',
    );
  }
  return `${lines.join('\n')}\n`;
}

export interface ParityFiles {
  text: string;
  json: string;
  markdown: string;
}

/** Writes parity.txt, parity.json (the profile the mock reads) and parity.md (the docs page) into dir. */
export async function writeParityFiles(report: ParityReport, dir: string): Promise<ParityFiles> {
  const files = { text: join(dir, 'parity.txt'), json: join(dir, 'parity.json'), markdown: join(dir, 'parity.md') };
  await writeFile(files.text, `${formatParityText(report)}\n`);
  await writeFile(files.json, `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(files.markdown, formatParityMarkdown(report));
  return files;
}
