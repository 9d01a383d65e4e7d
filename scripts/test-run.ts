// `npm test`: format, types and the contract gate side by side (each mostly single-threaded: one after
// another they left a core idle), then the unit run; a failure among them ends the run with its exit
// code. Then the MSW scenarios, the package tests and the tests that need a service side by side (they
// spend most of their time waiting on processes they start). Output of the runs side by side is kept
// and printed whole when each ends, so the logs do not interleave. The package tests' consumer project
// (pack, Node binaries, npm install; and the conformance package installed alone) is prepared meanwhile,
// from the start: the installs wait on the disk, so the package stage no longer begins with them.
// Timings: docs/decisions/2026-11-test-time.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ConsumerProject,
  PREPARED_CONSUMER_ENV,
  prepareConsumer,
} from '../packages/tests/support/consumer-project.ts';

// The type check's two projects as two runs: one after the other they were the stage's longest (31 s).
const CHECKS = ['format:check', 'typecheck:tree', 'typecheck:client', 'contract:gate'];
const IN_ORDER = [...CHECKS, 'test:unit'];
const SIDE_BY_SIDE = ['test:msw', 'test:packages', 'test:e2e'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

/** The npm runs under way, and when each has closed: a signal is passed on to them and waited for. */
const running = new Map<ChildProcess, Promise<void>>();

/** Runs an npm script; its output goes straight through, or is kept and printed whole at its end. */
function run(script: string, { keep = false, env = process.env } = {}): Promise<number> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(npm, ['run', script], { stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
    running.set(child, new Promise((closed) => child.once('close', () => closed())));
    child.once('close', () => running.delete(child));
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      if (keep) {
        const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
        process.stdout.write(`\n===== npm run ${script}: ${outcome} after ${seconds()} s =====\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve(code ?? 1);
    });
  });
}

const described = join(tmpdir(), `portfolio-prepared-consumer-${process.pid}.json`);
const preparation = new AbortController();
/** The prepared projects' folders, known as soon as each exists (half made while its install runs). */
const projects: string[] = [];
/** The package stage removes the projects it adopted; this removes them too when that stage never ran or ended early. */
const cleanUp = () => {
  rmSync(described, { force: true });
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
};
// Interrupted: the install stops, the npm runs get the signal and are waited for (at most 10 s),
// then what was prepared is removed.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)
  process.once(signal, async () => {
    preparation.abort();
    for (const child of running.keys()) child.kill(signal);
    await Promise.race([Promise.all(running.values()), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    cleanUp();
    process.exit(code);
  });

const preparing = prepareConsumer({ signal: preparation.signal, onDir: (dir) => projects.push(dir) }).then(
  (prepared: ConsumerProject) => {
    writeFileSync(described, JSON.stringify(prepared));
    return true;
  },
  (error: Error) => {
    if (preparation.signal.aborted) return false;
    console.error(
      `Preparing the package tests' consumer project failed (${error.message}); the package tests try again.`,
    );
    return false;
  },
);

const checks = await Promise.all(CHECKS.map((script) => run(script, { keep: true })));
let code = checks.find((c) => c !== 0) ?? 0;
if (code === 0) code = await run('test:unit');
const ready = await preparing;
if (code === 0) {
  const env = ready ? { ...process.env, [PREPARED_CONSUMER_ENV]: described } : process.env;
  console.log(
    `\nnpm test: ${IN_ORDER.join(', ')} passed after ${seconds()} s; now ${SIDE_BY_SIDE.join(', ')} side by side`,
  );
  const codes = await Promise.all(SIDE_BY_SIDE.map((script) => run(script, { keep: true, env })));
  code = codes.find((c) => c !== 0) ?? 0;
}
cleanUp();
process.exitCode = code;
