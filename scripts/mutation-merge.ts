// `npx tsx scripts/mutation-merge.ts [out.json]`: the last whole mutation run merged with the targeted
// runs recorded since, as a JSON report `scripts/mutation-score.ts` scores (default
// reports/mutation/merged.json). The whole run's counts per file are its table in
// docs/decisions/2026-11-mutation-testing.md (the section "one whole run, over both boundaries"); a
// mutant it did not kill that a later targeted run detected is a row of
// docs/decisions/2026-11-mutation-domain-survivors.tsv with category `detected` and that run's status.
// A merge, not a run: the targeted runs were made at later commits than the whole run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const RECORD = 'docs/decisions/2026-11-mutation-testing.md';
const SURVIVORS = 'docs/decisions/2026-11-mutation-domain-survivors.tsv';
const WHOLE_RUN = '## 2026-11-26 (third session, later): one whole run, over both boundaries';

type Status = 'Killed' | 'Timeout' | 'Survived' | 'NoCoverage';

/** Counts per file of the whole run's table: valid, killed, timeout, survived, no coverage. */
function wholeRun(): Map<string, Record<Status, number>> {
  const record = readFileSync(RECORD, 'utf8');
  const start = record.indexOf(WHOLE_RUN);
  if (start < 0) throw new Error(`${RECORD} has no section "${WHOLE_RUN}"`);
  const counts = new Map<string, Record<Status, number>>();
  const row = /^\| `(mocks\/src\/[^`]+\.ts)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|/gm;
  row.lastIndex = start;
  for (let m = row.exec(record); m; m = row.exec(record)) {
    if (counts.has(m[1]!)) break;
    const [killed, timeout, survived, noCoverage] = [m[3], m[4], m[5], m[6]].map(Number) as number[];
    counts.set(m[1]!, { Killed: killed!, Timeout: timeout!, Survived: survived!, NoCoverage: noCoverage! });
  }
  if (counts.size === 0) throw new Error(`no file rows under "${WHOLE_RUN}"`);
  return counts;
}

const counts = wholeRun();
let moved = 0;
for (const line of readFileSync(SURVIVORS, 'utf8').split('\n').slice(2)) {
  const [file, , , , status, category, reason] = line.split('\t');
  if (category !== 'detected' || (status !== 'Killed' && status !== 'Timeout')) continue;
  const was = /was (Survived|NoCoverage)/.exec(reason ?? '')?.[1] as Status | undefined;
  const c = counts.get(`mocks/src/${file}`);
  if (!c || !was) throw new Error(`${SURVIVORS}: detected row of ${file} names no earlier status ("was Survived")`);
  c[was] -= 1;
  c[status] += 1;
  moved += 1;
}

const files = Object.fromEntries(
  [...counts].map(([file, c]) => [
    file,
    {
      mutants: (Object.keys(c) as Status[]).flatMap((status) => Array.from({ length: c[status] }, () => ({ status }))),
    },
  ]),
);
const out = process.argv[2] ?? 'reports/mutation/merged.json';
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify({ files })}\n`);
console.log(`${out}: the whole run with ${moved} mutants detected by later targeted runs`);
