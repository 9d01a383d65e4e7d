// npm run bench:team-mock: only issue 17's figures (state file on/off create rate, restart with
// 100,000 projects on file, memory per session), with the BENCH_* settings of npm run bench.
import { loadavg } from 'node:os';
import { benchConfig } from '../bench/config.ts';
import { buildMockBundle } from '../contract-tests/support/mock-bundle.ts';
import { stopAllServers } from '../bench/server-process.ts';
import { measureTeamMock, teamMockMarkdown, type TeamMockRun } from '../bench/team-mock.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);
const config = benchConfig();
const bundle = await buildMockBundle();
try {
  const runs: TeamMockRun[] = [];
  for (let rep = 1; rep <= config.repetitions; rep++) {
    log(`repetition ${rep}/${config.repetitions}, load average ${loadavg()[0]!.toFixed(2)}`);
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
  process.stdout.write(teamMockMarkdown(runs));
  process.stdout.write(
    `\nLoad average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  process.stdout.write(`${JSON.stringify(runs)}\n`);
} finally {
  await stopAllServers();
  await bundle.remove();
}
