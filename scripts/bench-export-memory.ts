// node scripts/bench-export-memory.ts [<tree> ...]: the mock's peak RSS while it answers one export
// (`GET /__mock/sessions/default/export`) of a session of BENCH_EXPORT_PROJECTS projects (100,000
// by default, generated as the benchmarks' seed), for each source tree given (default: this one;
// give an older checkout beside this one to compare, e.g. from `git archive <commit>`). Each tree's
// mock runs in a process of its own, the trees alternately, BENCH_REPETITIONS (3) times each. The
// peak is the process's VmHWM, reset (clear_refs 5) once the mock is ready; the rise is the peak
// over the RSS just before the export. Medians; the load average is printed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { benchSeed } from '../bench/bench-seed.ts';
import { median } from '../bench/stats.ts';

const PROJECTS = Number(process.env.BENCH_EXPORT_PROJECTS ?? 100_000);
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 3);
const trees = (process.argv.length > 2 ? process.argv.slice(2) : [new URL('..', import.meta.url).pathname]).map((t) =>
  resolve(t),
);
const log = (line: string) => process.stderr.write(`${line}\n`);
const dir = mkdtempSync(join(tmpdir(), 'bench-export-memory-'));
const kib = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

async function once(tree: string, seedFile: string) {
  const child = spawn(
    process.execPath,
    [join(tree, 'mocks/src/bin.ts'), '--port', '0', '--no-docs', '--seed', seedFile],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const origin = await new Promise<string>((done, failed) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
        if (url) done(url);
      });
      child.once('exit', (code) => failed(new Error(`the mock of ${tree} exited (${code}): ${out}`)));
    });
    // The session built (a first list) and the start's garbage collected, before the peak is reset.
    await fetch(`${origin}/__mock/state`).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 1000));
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    const rss = kib(child.pid!, 'VmRSS');
    const started = performance.now();
    const response = await fetch(`${origin}/__mock/sessions/default/export`);
    let bytes = 0;
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.length;
    const ms = performance.now() - started;
    const peak = kib(child.pid!, 'VmHWM');
    if (response.status !== 200) throw new Error(`export answered ${response.status}`);
    return { rise: (peak - rss) / 1024, peak: peak / 1024, rss: rss / 1024, mb: bytes / 2 ** 20, ms };
  } finally {
    child.kill('SIGKILL');
  }
}

try {
  const seedFile = join(dir, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ ...benchSeed(PROJECTS), credits: 1_000_000 }));
  log(
    `load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${PROJECTS} projects`,
  );
  const runs = new Map(trees.map((t) => [t, [] as Awaited<ReturnType<typeof once>>[]]));
  for (let i = 0; i < REPETITIONS; i += 1)
    for (const tree of trees) {
      const run = await once(tree, seedFile);
      runs.get(tree)!.push(run);
      log(`${tree}: ${JSON.stringify(run)}`);
    }
  log(
    `load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('| tree | document MiB | RSS before MiB | peak MiB | rise MiB | export ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [tree, list] of runs) {
    const m = (pick: (r: (typeof list)[number]) => number) => median(list.map(pick)).toFixed(0);
    console.log(
      `| ${tree} | ${m((r) => r.mb)} | ${m((r) => r.rss)} | ${m((r) => r.peak)} | ${m((r) => r.rise)} | ${m((r) => r.ms)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
