// node scripts/bench-export-memory.ts [<tree> ...]: the mock's peak RSS, wall time and CPU time while
// it answers one export (`GET /__mock/sessions/default/export`) of a session of BENCH_EXPORT_PROJECTS
// projects (100,000 by default, generated as the benchmarks' seed), and then one import of that
// document into a new session (`PUT /__mock/sessions/imported/export`, the body streamed from a file),
// for each source tree given (default: this one; give an older checkout beside this one to compare,
// e.g. from `git archive <commit>` with a node_modules link). Each tree's mock runs in a process of
// its own, the trees alternately, BENCH_REPETITIONS (3) times each. The peak is the process's VmHWM,
// reset (clear_refs 5) before each call; the rise is the peak over the RSS just before the call; CPU
// is the process's user + system time during the call (/proc/<pid>/stat). The exported bytes of
// every run are hashed: the trees must agree. With BENCH_EXPORT_STATE_FILE=1 the mock keeps a state
// file and is restarted once before the calls: the session is read back lazily from its image (its
// first list read), as a restarted team mock holds it. Medians; the load average is printed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
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
/** The process's user + system CPU seconds (/proc/<pid>/stat, clock ticks of 1/100 s). */
const cpu = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const kib = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);

const STATE_FILE = process.env.BENCH_EXPORT_STATE_FILE === '1';

/** The tree's mock in a process of its own, and its origin once it listens. */
async function spawnMock(tree: string, seedFile: string, stateDir: string) {
  const stateArgs = STATE_FILE ? ['--state-file', join(stateDir, 'state.jsonl')] : [];
  const child = spawn(
    process.execPath,
    [join(tree, 'mocks/src/bin.ts'), '--port', '0', '--no-docs', '--seed', seedFile, ...stateArgs],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const origin = await new Promise<string>((done, failed) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) done(url);
    });
    child.once('exit', (code) => failed(new Error(`the mock of ${tree} exited (${code}): ${out}`)));
  });
  return { child, origin };
}

/** A first list of the default session: the session is there (built, or read back lazily). */
const firstList = (origin: string) =>
  fetch(`${origin}/api/integration/projects?page=0&pageSize=10`, { headers: { authorization: 'mock-api-key' } }).then(
    (r) => r.arrayBuffer(),
  );

async function once(tree: string, seedFile: string) {
  const stateDir = mkdtempSync(join(dir, 'run-'));
  let { child, origin } = await spawnMock(tree, seedFile, stateDir);
  if (STATE_FILE) {
    // Written whole to the state file at its first list; the restart reads it back lazily.
    await firstList(origin);
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    ({ child, origin } = await spawnMock(tree, seedFile, stateDir));
  }
  try {
    // The session there (a first list) and the start's garbage collected, before the peak is reset.
    await firstList(origin);
    await new Promise((r) => setTimeout(r, 1000));
    const pid = child.pid!;
    const measure = async <T>(call: () => Promise<T>) => {
      await new Promise((r) => setTimeout(r, 500));
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      const rss = kib(pid, 'VmRSS');
      const cpuBefore = cpu(pid);
      const started = performance.now();
      const result = await call();
      const ms = performance.now() - started;
      const peak = kib(pid, 'VmHWM');
      return { result, rise: (peak - rss) / 1024, peak: peak / 1024, rss: rss / 1024, ms, cpu: cpu(pid) - cpuBefore };
    };
    const documentFile = join(dir, 'export.json');
    const exported = await measure(async () => {
      const response = await fetch(`${origin}/__mock/sessions/default/export`);
      if (response.status !== 200) throw new Error(`export answered ${response.status}`);
      const hash = createHash('sha256');
      let bytes = 0;
      const out = createWriteStream(documentFile);
      for await (const chunk of Readable.fromWeb(response.body as never)) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
        if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
      }
      await new Promise<void>((r) => out.end(() => r()));
      return { bytes, sha256: hash.digest('hex').slice(0, 12) };
    });
    const imported = await measure(async () => {
      const response = await fetch(`${origin}/__mock/sessions/imported/export`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: Readable.toWeb(createReadStream(documentFile)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const answer = await response.text();
      if (response.status !== 200) throw new Error(`import answered ${response.status}: ${answer.slice(0, 300)}`);
      return JSON.parse(answer).data.records as number;
    });
    rmSync(documentFile, { force: true });
    return {
      mb: exported.result.bytes / 2 ** 20,
      sha256: exported.result.sha256,
      records: imported.result,
      rss: exported.rss,
      exportPeak: exported.peak,
      exportRise: exported.rise,
      exportMs: exported.ms,
      exportCpu: exported.cpu,
      importRss: imported.rss,
      importPeak: imported.peak,
      importRise: imported.rise,
      importMs: imported.ms,
      importCpu: imported.cpu,
    };
  } finally {
    child.kill('SIGKILL');
    if (child.exitCode === null && child.signalCode === null) await new Promise((r) => child.once('exit', r));
    rmSync(stateDir, { recursive: true, force: true });
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
  console.log(
    '| tree | document MiB (sha256) | RSS before MiB | export peak MiB | export rise MiB | export s | export CPU s | import peak MiB | import rise MiB | import s | import CPU s |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const [tree, list] of runs) {
    const m = (pick: (r: (typeof list)[number]) => number, digits = 0) => median(list.map(pick)).toFixed(digits);
    console.log(
      `| ${tree} | ${m((r) => r.mb)} (${[...new Set(list.map((r) => r.sha256))].join(', ')}) | ${m((r) => r.rss)} | ${m((r) => r.exportPeak)} | ${m((r) => r.exportRise)} | ${m((r) => r.exportMs / 1000, 1)} | ${m((r) => r.exportCpu, 1)} | ${m((r) => r.importPeak)} | ${m((r) => r.importRise)} | ${m((r) => r.importMs / 1000, 1)} | ${m((r) => r.importCpu, 1)} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
