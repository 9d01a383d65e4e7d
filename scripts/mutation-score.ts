// `npx tsx scripts/mutation-score.ts [report.json]`: the mutation score of `npm run test:mutation`'s
// JSON report (default reports/mutation/mutation.json) per file and per folder, as the record in
// docs/decisions/ quotes it. A run over several folders (MUTATE) is scored per folder and as a whole,
// so one run gives the score of each boundary of "domain logic".
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

function add(into: Counts, mutants: Mutant[]): Counts {
  for (const m of mutants) if (m.status in into) into[m.status as keyof Counts] += 1;
  return into;
}

const pct = (n: number, d: number) => (d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}%`);

/** One table row: what Stryker counts as the score (detected of valid) and the score of covered mutants. */
function row(name: string, c: Counts): string {
  const detected = c.Killed + c.Timeout;
  const valid = detected + c.Survived + c.NoCoverage;
  return `| ${name} | ${valid} | ${c.Killed} | ${c.Timeout} | ${c.Survived} | ${c.NoCoverage} | ${pct(detected, valid)} | ${pct(detected, detected + c.Survived)} |`;
}

const path = process.argv[2] ?? 'reports/mutation/mutation.json';
const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
const files = Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b));
const folders = new Map<string, Counts>();
const all = empty();
console.log('| file | mutants (valid) | killed | timeout | survived | no coverage | score | score of covered |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [file, { mutants }] of files) {
  console.log(row(`\`${file}\``, add(empty(), mutants)));
  const folder = dirname(file);
  folders.set(folder, add(folders.get(folder) ?? empty(), mutants));
  add(all, mutants);
}
for (const [folder, counts] of folders) console.log(row(`**${folder}**`, counts));
if (folders.size > 1) console.log(row('**all**', all));
