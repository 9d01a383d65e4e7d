// npx tsx scripts/bench-start-growth.ts: what a mock on a state file holding one big session
// (BENCH_RESTART_PROJECTS projects, 1,000,000 by default, compacted) costs at start before it
// reads that session: spawn to /readyz and to another session's first list, side by side with a
// mock with nothing stored, alternately, BENCH_REPETITIONS (5) times each; medians and ratios.
// BENCH_GROWTH_DIR keeps the seeded file there for a later run (seeding 1,000,000 takes minutes).
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMockBundle } from '../contract-tests/support/mock-bundle.ts';
import { stopAllServers } from '../bench/server-process.ts';
import { startMockServer } from '../bench/servers.ts';
import { median } from '../bench/stats.ts';
import { bundleLaunch, compacted, probeStart, type Probed } from '../bench/team-mock-cluster.ts';

const PROJECTS = Number(process.env.BENCH_RESTART_PROJECTS ?? 1_000_000);
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 5);
const log = (line: string) => process.stderr.write(`${line}\n`);
const bundle = await buildMockBundle();
const kept = process.env.BENCH_GROWTH_DIR;
if (kept) mkdirSync(kept, { recursive: true });
const dir = kept ?? mkdtempSync(join(tmpdir(), 'bench-start-growth-'));
try {
  const file = join(dir, `big-${PROJECTS}.state`);
  if (!existsSync(file)) {
    const seeding = await startMockServer(bundle.path, PROJECTS, true, file);
    await compacted(file);
    await seeding.stop();
  }
  log(
    `state file of ${PROJECTS} projects: ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB, load ${loadavg()[0]!.toFixed(2)}`,
  );
  const empty = join(dir, 'empty.state');
  const runs: { big: Probed; empty: Probed }[] = [];
  for (let rep = 1; rep <= REPETITIONS; rep++) {
    rmSync(empty, { force: true });
    rmSync(`${empty}.uploads`, { recursive: true, force: true });
    const none = await probeStart(bundleLaunch(bundle.path, { BENCH_STATE_FILE: empty }), false);
    const big = await probeStart(bundleLaunch(bundle.path, { BENCH_STATE_FILE: file }), false);
    runs.push({ big, empty: none });
    log(
      `  ${rep}: big ${JSON.stringify(big)}; nothing stored ${JSON.stringify(none)}; load ${loadavg()[0]!.toFixed(2)}`,
    );
  }
  const m = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
  process.stdout.write(
    [
      `State file with ${PROJECTS.toLocaleString('en')} projects in one session against one with nothing stored, medians of ${REPETITIONS} alternate starts, ms from spawn (load ${loadavg()[0]!.toFixed(2)} at the end):`,
      '',
      "| | to /readyz | to another session's first list |",
      '| --- | ---: | ---: |',
      `| nothing stored | ${Math.round(m((r) => r.empty.ready))} | ${Math.round(m((r) => r.empty.small))} |`,
      `| ${PROJECTS.toLocaleString('en')} projects | ${Math.round(m((r) => r.big.ready))} | ${Math.round(m((r) => r.big.small))} |`,
      `| ratio (median of the runs') | ${m((r) => r.big.ready / r.empty.ready).toFixed(2)} | ${m((r) => r.big.small / r.empty.small).toFixed(2)} |`,
      '',
    ].join('\n'),
  );
} finally {
  await stopAllServers();
  await bundle.remove();
  if (kept) rmSync(join(dir, 'empty.state'), { force: true });
  else rmSync(dir, { recursive: true, force: true });
}
