// npm run bench:team-mock: issue 17's figures (state file on/off create rate, restart with
// 100,000 projects on file, memory per session) and issue 27's (no store, state file, PostgreSQL
// with one and three nodes side by side; start-up with 100,000 projects per store; failover), with
// the BENCH_* settings of npm run bench. BENCH_TEAM_MOCK=cluster runs only issue 27's;
// BENCH_TEAM_MOCK=compaction only a session grown by small writes on PostgreSQL, before and after
// its node compacts it (bench/team-mock-compaction.ts).
// BENCH_TEAM_MOCK=first-calls a node's first calls of a big session on PostgreSQL (team-mock-first-calls.ts).
import { loadavg } from 'node:os';
import { benchConfig } from '../bench/config.ts';
import { buildMockBundle } from '../contract-tests/support/mock-bundle.ts';
import { stopAllServers } from '../bench/server-process.ts';
import { measureTeamMock, teamMockMarkdown, type TeamMockRun } from '../bench/team-mock.ts';
import {
  clusterMarkdown,
  measureCluster,
  restartTimes,
  startMarkdown,
  type ClusterRun,
} from '../bench/team-mock-cluster.ts';
import { startPostgres } from '../mocks/test/support/postgres-server.ts';
import {
  compactionMarkdown,
  compactionSidesMarkdown,
  measureCompaction,
  measureCompactionSides,
  type CompactionRun,
  type CompactionSide,
} from '../bench/team-mock-compaction.ts';
import { firstCallsMarkdown, measureFirstCalls, type FirstCallsRun } from '../bench/team-mock-first-calls.ts';
import { measureFsyncBound, type FsyncBoundRun } from '../bench/fsync-bound.ts';
import { median } from '../bench/stats.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const log = (line: string) => process.stderr.write(`${line}\n`);
const config = benchConfig();
const bundle = await buildMockBundle();
try {
  const runs: TeamMockRun[] = [];
  const clusterRuns: ClusterRun[] = [];
  const onlyCluster = process.env.BENCH_TEAM_MOCK === 'cluster';
  const load = {
    durationSeconds: config.durationSeconds,
    connections: config.connections,
    warmupSeconds: config.warmupSeconds,
  };
  const starts: ClusterRun['restart'][] = [];
  const fsyncRuns: FsyncBoundRun[] = [];
  const compactions: CompactionRun[] = [];
  const compactionSides: CompactionSide[] = [];
  const firstCalls: FirstCallsRun[] = [];
  const mode = process.env.BENCH_TEAM_MOCK;
  if (mode === 'first-calls') {
    // The big session is written once; BENCH_BASE_BUNDLE (a bundle of bench/mock-server.ts built at an
    // earlier commit) is measured alternately with this one.
    const base = process.env.BENCH_BASE_BUNDLE;
    firstCalls.push(await measureFirstCalls({ ...(base ? { base } : {}), this: bundle.path }, config.repetitions, log));
  }
  for (let rep = 1; rep <= (mode === 'first-calls' ? 0 : config.repetitions); rep++) {
    log(`repetition ${rep}/${config.repetitions}, load average ${loadavg()[0]!.toFixed(2)}`);
    if (mode === 'fsync' || mode === undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-fsync-'));
      try {
        fsyncRuns.push(await measureFsyncBound(dir, Math.min(config.durationSeconds, 3)));
        log(`  ${JSON.stringify(fsyncRuns.at(-1))}`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      if (mode === 'fsync') continue;
    }
    if (mode === 'compaction') {
      const pg = await startPostgres();
      try {
        // BENCH_BASE_BUNDLE (a bundle of bench/mock-server.ts built at an earlier commit): the
        // compaction alone, that bundle and this one in turn, for each form BENCH_COMPACTION_FORMS names.
        const base = process.env.BENCH_BASE_BUNDLE;
        if (base) {
          for (const form of (process.env.BENCH_COMPACTION_FORMS ?? 'rows,lazy').split(',') as ('rows' | 'lazy')[])
            compactionSides.push(...(await measureCompactionSides({ base, this: bundle.path }, pg, form, log)));
          continue;
        }
        compactions.push(await measureCompaction(bundle.path, pg, log));
      } finally {
        await pg.remove();
      }
      continue;
    }
    if (mode === 'start') {
      const dir = mkdtempSync(join(tmpdir(), 'bench-start-'));
      const pg = await startPostgres();
      try {
        starts.push(await restartTimes(bundle.path, dir, pg));
        log(`  ${JSON.stringify(starts.at(-1))}`);
      } finally {
        await pg.remove();
        rmSync(dir, { recursive: true, force: true });
      }
      continue;
    }
    clusterRuns.push(await measureCluster(bundle.path, load, log, rep));
    if (onlyCluster) continue;
    runs.push(
      await measureTeamMock(
        bundle.path,
        {
          durationSeconds: config.durationSeconds,
          connections: config.connections,
          warmupSeconds: config.warmupSeconds,
        },
        log,
      ),
    );
  }
  if (runs.length) process.stdout.write(teamMockMarkdown(runs));
  if (clusterRuns.length) process.stdout.write(clusterMarkdown(clusterRuns));
  if (starts.length) process.stdout.write(startMarkdown(starts).join('\n'));
  if (fsyncRuns.length) process.stdout.write(fsyncMarkdown(fsyncRuns));
  if (compactions.length) process.stdout.write(compactionMarkdown(compactions));
  if (compactionSides.length) process.stdout.write(compactionSidesMarkdown(compactionSides));
  for (const run of firstCalls) process.stdout.write(firstCallsMarkdown(run));
  process.stdout.write(
    `\nLoad average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  process.stdout.write(
    `${JSON.stringify({ runs, clusterRuns, starts, fsyncRuns, compactions, compactionSides, firstCalls })}\n`,
  );
} finally {
  await stopAllServers();
  await bundle.remove();
}

/**
 * The state file's log against the disk's bound, as Markdown: medians, and the median of each run's
 * ratio (the runs of one repetition are seconds apart; the disk's rate drifts more between them).
 */
function fsyncMarkdown(runs: readonly FsyncBoundRun[]): string {
  const m = (pick: (run: FsyncBoundRun) => number) => median(runs.map(pick));
  const row = (i: number, label: string) =>
    `| ${label} | ${Math.round(m((r) => r.bare[i]!.syncsPerSecond))} | ${Math.round(m((r) => r.bare[i]!.linesPerSecond))} | ${(100 * m((r) => r.store.linesPerSecond / r.bare[i]!.linesPerSecond)).toFixed(0)}% |`;
  return [
    '',
    `### State file against the fsync bound (${runs[0]!.lineBytes}-byte lines, medians of ${runs.length})`,
    '',
    "| writer | fdatasync/s | durable lines/s | the state file's log as a share of it (median of the runs' ratios) |",
    '| --- | ---: | ---: | ---: |',
    row(0, 'bare loop, 1 line per sync'),
    row(1, 'bare loop, 10 lines per sync (the bound for 10 writers; the better of two runs)'),
    `| state file's log (AppendLog), 10 writers each waiting for its line | | ${Math.round(m((r) => r.store.linesPerSecond))} | |`,
    '',
  ].join('\n');
}
