// npm run bench:contract-diff: median wall time of `contract:diff` (a fresh process each run, as a user
// runs it) over the bundle against itself and against an edit with four breaking changes that reach
// every answer (the envelope), every request (security), a fund read and a webhook. Not part of npm test.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

type Any = Record<string, any>;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 5;
const dir = mkdtempSync(join(tmpdir(), 'bench-contract-diff-'));
try {
  const doc = JSON.parse(readFileSync(join(ROOT, 'generated/openapi.json'), 'utf8')) as Any;
  const edited = structuredClone(doc);
  edited.components.schemas.Envelope.anyOf.push({
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'integer' } },
  });
  edited.security = [{ sessionBearer: [] }];
  edited.components.schemas.FundRunStatus.enum.push('cancelled');
  delete edited.webhooks.changedStatus;
  writeFileSync(join(dir, 'edited.json'), JSON.stringify(edited));
  const cases: [string, string][] = [
    ['unchanged (HEAD against the working tree)', 'generated/openapi.json'],
    ['four breaking changes reaching every exchange', join(dir, 'edited.json')],
  ];
  console.log(
    `Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)} at start, ${RUNS} runs each, pacts ${existsSync(join(ROOT, 'contract-tests/pacts')) ? 'replayed' : 'absent'}`,
  );
  console.log('| comparison | median s | min s | max s |\n| --- | --- | --- | --- |');
  for (const [name, head] of cases) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const r = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/contract-diff.ts', '--base', 'HEAD', '--head', head],
        { cwd: ROOT, encoding: 'utf8' },
      );
      if (r.status !== 0 && r.status !== 1) throw new Error(`contract:diff exited ${r.status}: ${r.stderr.trim()}`);
      times.push((performance.now() - start) / 1000);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${name} | ${times[Math.floor(RUNS / 2)]!.toFixed(2)} | ${times[0]!.toFixed(2)} | ${times.at(-1)!.toFixed(2)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
