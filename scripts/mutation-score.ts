// `npx tsx scripts/mutation-score.ts [--base counts.tsv ...] [--detected survivors.tsv] [report.json ...]`:
// the mutation score of `npm run test:mutation`'s JSON report (default reports/mutation/mutation.json)
// per file and per folder, as the record in docs/decisions/ quotes it. A run over several folders
// (MUTATE) is scored per folder and as a whole, so one run gives the score of each boundary of
// "domain logic". Several reports, or `--base` (a run's per-file counts as committed,
// docs/decisions/2026-11-mutation-*-run-*.tsv; a later one replaces the files it lists), make a
// MERGE, not a run: the bases in the order given, then the reports in the order given, each file
// from the last of them that mutated it; the table says where each row comes from. `--detected`
// counts the survivors list's rows a later targeted run detected (category `detected`, status
// Killed or Timeout, reason "...; was Survived" or "was NoCoverage") as detected in place of the
// status they had: give it with the runs those rows were not detected in, never with the run that
// detected them (its counts hold them already).
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

interface Mutant {
  status: string;
}
interface Report {
  files: Record<string, { mutants: Mutant[] }>;
}

// Bad input (a missing report, a row that does not add up) is one line and exit 2, not a stack.
process.on('uncaughtException', (error) => {
  console.error(`mutation-score: ${error.message}`);
  process.exit(2);
});

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

/** The files an option names, taken out of `args`. */
function optionValues(args: string[], name: string): string[] {
  const values: string[] = [];
  for (let at = args.indexOf(name); at >= 0; at = args.indexOf(name)) {
    const [, value] = args.splice(at, 2);
    if (!value || value.startsWith('--')) throw new Error(`${name} needs a file`);
    values.push(value);
  }
  return values;
}

/** Moves each detected row of a survivors list from the status it had to the one that detected it. */
function applyDetected(path: string, merged: Map<string, { counts: Counts; source: string }>): number {
  let moved = 0;
  const laterDetected = new Map<string, number>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [file, , , , status, category, reason] = line.split('\t');
    if (category !== 'detected') continue;
    const was = /was (Survived|NoCoverage)/.exec(reason ?? '')?.[1] as 'Survived' | 'NoCoverage' | undefined;
    const entry = merged.get(`mocks/src/${file}`);
    if (!entry || !was || (status !== 'Killed' && status !== 'Timeout') || entry.counts[was] === 0)
      throw new Error(`${path}: a detected row of ${file} that no source's counts can take: ${JSON.stringify(line)}`);
    entry.counts[was] -= 1;
    entry.counts[status] += 1;
    laterDetected.set(file!, (laterDetected.get(file!) ?? 0) + 1);
    moved += 1;
  }
  for (const [file, count] of laterDetected) {
    const entry = merged.get(`mocks/src/${file}`)!;
    entry.source = `${entry.source.replace(/ \+ \d+ detected later$/, '')} + ${count} detected later`;
  }
  return moved;
}

const args = process.argv.slice(2);
const basePaths = optionValues(args, '--base');
const detectedPaths = optionValues(args, '--detected');
const reports = args.length ? args : basePaths.length ? [] : ['reports/mutation/mutation.json'];

/** Per file: its counts and where they come from (the last source wins). */
const merged = new Map<string, { counts: Counts; source: string }>();
basePaths.forEach((path, i) => {
  for (const [file, counts] of baseCounts(path)) merged.set(file, { counts, source: `base ${i + 1}` });
});
reports.forEach((path, i) => {
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  for (const [file, { mutants }] of Object.entries(report.files))
    merged.set(file, { counts: counted(mutants), source: `report ${i + 1}` });
});
const detected = detectedPaths.reduce((sum, path) => sum + applyDetected(path, merged), 0);
const isMerge = merged.size > 0 && (basePaths.length + reports.length > 1 || detectedPaths.length > 0);

if (isMerge) {
  const sources = [
    ...basePaths.map((p, i) => `base ${i + 1} ${p}`),
    ...reports.map((p, i) => `report ${i + 1} ${p}`),
    ...detectedPaths.map((p) => `${detected} mutants detected later, from ${p}`),
  ];
  console.log(`A MERGE, not one run: ${sources.join('; ')}`);
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

/** A survivors-list category's class: what it says of whether a client of the specification can tell the mutant apart. */
const CLASSES = [
  ['equivalent', /^equivalent/],
  ['not observable', /^not observable/],
  ['not reachable by a client', /^not reachable(?! within)/],
  ['gap of the specification', /^gap/],
  [
    'a client could tell (not reached, observable, too costly, not examined)',
    /^(not reached|observable|not reachable within|not observed)/,
  ],
] as const;
const ALIVE_TO_A_CLIENT = CLASSES.length - 1;

/**
 * Per folder, the survivors list's rows of mutants left alive (Survived, NoCoverage) by class; a file
 * whose rows of such mutants are not as many as its counts have mutants left alive is named on
 * stderr (every survivor accounted for, or the script says which file is not).
 */
function standings(path: string, merged: Map<string, { counts: Counts }>): Map<string, number[]> {
  const rowsOf = new Map<string, number[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const [file, , , , status, category] = line.split('\t');
    if (status !== 'Survived' && status !== 'NoCoverage') continue;
    const at = CLASSES.findIndex(([, pattern]) => pattern.test(category ?? ''));
    if (at < 0) throw new Error(`${path}: a row of ${file} with no known category: ${JSON.stringify(line)}`);
    const counts = rowsOf.get(`mocks/src/${file}`) ?? CLASSES.map(() => 0);
    counts[at] = (counts[at] ?? 0) + 1;
    rowsOf.set(`mocks/src/${file}`, counts);
  }
  const folders = new Map<string, number[]>();
  const unaccounted: string[] = [];
  for (const [file, { counts }] of merged) {
    const rows = rowsOf.get(file) ?? CLASSES.map(() => 0);
    const listed = rows.reduce((a, b) => a + b, 0);
    if (listed !== counts.Survived + counts.NoCoverage)
      unaccounted.push(`${file} (${counts.Survived + counts.NoCoverage} left alive, ${listed} rows)`);
    const folder = folders.get(dirname(file)) ?? CLASSES.map(() => 0);
    rows.forEach((n, i) => {
      folder[i] = (folder[i] ?? 0) + n;
    });
    folders.set(dirname(file), folder);
  }
  // Said, not thrown: a list that drifted from the counts still classes the rest.
  for (const file of unaccounted)
    console.error(`mutation-score: ${path} does not account for every survivor of ${file}`);
  return folders;
}

if (detectedPaths.length === 1) {
  const byFolder = standings(detectedPaths[0]!, merged);
  console.log();
  console.log(`Where the mutants left alive stand (${detectedPaths[0]}, each row's category):`);
  console.log();
  const head = [
    'folder',
    'left alive',
    ...CLASSES.map(([name]) => name),
    'score over the mutants a client can tell apart',
  ];
  console.log(`| ${head.join(' | ')} |`);
  console.log(`|${' --- |'.repeat(head.length)}`);
  for (const [folder, rows] of [...byFolder].sort(([a], [b]) => a.localeCompare(b))) {
    const counts = folders.get(folder)!;
    const alive = counts.Survived + counts.NoCoverage;
    const found = counts.Killed + counts.Timeout;
    const apart = found + (rows[ALIVE_TO_A_CLIENT] ?? 0);
    console.log(`| **${folder}** | ${alive} | ${rows.join(' | ')} | ${pct(found, apart)} (${found} of ${apart}) |`);
  }
}
