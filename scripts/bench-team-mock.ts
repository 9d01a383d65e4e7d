// npm run bench:team-mock: issue 17's figures (state file on/off create rate, restart with
// 100,000 projects on file, memory per session) and issue 27's (no store, state file, PostgreSQL
// with one and three nodes side by side; start-up with 100,000 projects per store; failover), with
// the BENCH_* settings of npm run bench. BENCH_TEAM_MOCK=cluster runs only issue 27's.
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
  for (let rep = 1; rep <= config.repetitions; rep++) {
    log(`repetition ${rep}/${config.repetitions}, load average ${loadavg()[0]!.toFixed(2)}`);
    if (process.env.BENCH_TEAM_MOCK === 'start') {
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
  process.stdout.write(
    `\nLoad average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  process.stdout.write(`${JSON.stringify({ runs, clusterRuns, starts })}\n`);
} finally {
  await stopAllServers();
  await bundle.remove();
}
