import { runLoad, type LoadOptions, type LoadRequest } from './load.ts';
import type { MeasuredLoad } from './results.ts';
import type { RunningServer } from './server-process.ts';

/**
 * One autocannon run against a started server, with the server's own CPU time per response: a
 * busy machine stretches latencies and rates, much less the CPU a response costs.
 */
export async function loadServer(
  server: RunningServer,
  requests: readonly LoadRequest[],
  options: LoadOptions,
): Promise<MeasuredLoad> {
  const before = server.cpuSeconds();
  const result = await runLoad(server.origin, requests, options);
  const used = server.cpuSeconds() - before;
  return { ...result, serverCpuMicrosPerResponse: (used * 1e6) / (result.ok + result.failures) };
}
