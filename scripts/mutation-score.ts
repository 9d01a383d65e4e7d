// `npx tsx scripts/mutation-score.ts [--base counts.tsv] [report.json ...]`: the mutation score of
// `npm run test:mutation`'s JSON report (default reports/mutation/mutation.json) per file and per
// folder, as the record in docs/decisions/ quotes it. A run over several folders (MUTATE) is scored
// per folder and as a whole, so one run gives the score of each boundary of "domain logic".
// Several reports, or `--base` (a whole run's per-file counts, docs/decisions/2026-11-mutation-whole-run-*.tsv),
// make a MERGE, not a run: each file is taken from the last report that mutated it, else from the
// base, and the table says where each row comes from.
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

const STATUSES = ['Killed', 'Timeout', 'Survived', 'NoCoverage', 'RuntimeError', 'CompileError', 'Ignored'] as const;
type Counts = Record<(typeof STATUSES)[number], number>;

const empty = (): Counts => Object.fromEntries(STATUSES.map((s) => [s, 0])) as Counts;

function add(into: Counts, from: Counts): Counts {
  for (const s of STATUSES) into[s] += from[s];
  return into;
}

function counted(mutants: Mutant[]): Counts {
  const counts = empty();
  for (const m of mutants) if (m.status in counts) counts[m.status as keyof Counts] += 1;
  return counts;
}

/** A base file's rows: file, valid, killed, timeout, survived, nocoverage (tab-separated; `#` lines and the header skipped). */
function baseCounts(path: string): Map<string, Counts> {
  const rows = new Map<string, Counts>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#') || line.startsWith('file\t')) continue;
    const [file, valid, killed, timeout, survived, noCoverage] = line.split('\t');
    const numbers = [valid, killed, timeout, survived, noCoverage].map(Number);
    if (!file || numbers.some((n) => !Number.isInteger(n)))
      throw new Error(`${path}: not a row of counts: ${JSON.stringify(line)}`);
    const [v, k, t, s, n] = numbers as [number, number, number, number, number];
    if (k + t + s + n !== v) throw new Error(`${path}: ${file}'s counts do not add up to ${v}`);
    if (rows.has(file)) throw new Error(`${path}: ${file} is listed twice`);
    rows.set(file, { ...empty(), Killed: k, Timeout: t, Survived: s, NoCoverage: n });
  }
  return rows;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

/** One table row: what Stryker counts as the score (detected of valid) and the score of covered mutants. */
function row(name: string, c: Counts, source?: string): string {
  const detected = c.Killed + c.Timeout;
  const valid = detected + c.Survived + c.NoCoverage;
  const cells = [name, valid, c.Killed, c.Timeout, c.Survived, c.NoCoverage, pct(detected, valid)];
  cells.push(pct(detected, detected + c.Survived));
  if (source !== undefined) cells.push(source);
  return `| ${cells.join(' | ')} |`;
}

const args = process.argv.slice(2);
const baseAt = args.indexOf('--base');
const basePath = baseAt >= 0 ? args.splice(baseAt, 2)[1] : undefined;
if (baseAt >= 0 && !basePath) throw new Error('--base needs a file');
const reports = args.length ? args : basePath ? [] : ['reports/mutation/mutation.json'];

/** Per file: its counts and where they come from (the last source wins). */
const merged = new Map<string, { counts: Counts; source: string }>();
if (basePath) for (const [file, counts] of baseCounts(basePath)) merged.set(file, { counts, source: 'base' });
reports.forEach((path, i) => {
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  for (const [file, { mutants }] of Object.entries(report.files))
    merged.set(file, { counts: counted(mutants), source: `report ${i + 1}` });
});
const isMerge = merged.size > 0 && (basePath !== undefined || reports.length > 1);

if (isMerge) {
  console.log(
    `A MERGE, not one run: ${[basePath && `base ${basePath}`, ...reports.map((p, i) => `report ${i + 1} ${p}`)].filter(Boolean).join('; ')}`,
  );
  console.log();
}
const header = ['file', 'mutants (valid)', 'killed', 'timeout', 'survived', 'no coverage', 'score', 'score of covered'];
if (isMerge) header.push('from');
console.log(`| ${header.join(' | ')} |`);
console.log(`|${' --- |'.repeat(header.length)}`);
const folders = new Map<string, Counts>();
const all = empty();
for (const [file, { counts, source }] of [...merged].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(row(`\`${file}\``, counts, isMerge ? source : undefined));
  const folder = dirname(file);
  folders.set(folder, add(folders.get(folder) ?? empty(), counts));
  add(all, counts);
}
for (const [folder, counts] of [...folders].sort(([a], [b]) => a.localeCompare(b)))
  console.log(row(`**${folder}**`, counts, isMerge ? '' : undefined));
if (folders.size > 1) console.log(row('**all**', all, isMerge ? '' : undefined));
