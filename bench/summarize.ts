// Medians over the repetitions of every measured number.
import type { LoadMedian, Repetition, ServerId, Summary } from './results.ts';
import { median, ratio } from './stats.ts';

/** Which request kinds each server ran (the Fastify floor runs the company list only). */
export type RunPlan = { server: ServerId; scenarios: readonly string[] }[];

function serverRuns(repetitions: readonly Repetition[], server: ServerId) {
  return repetitions.map((r) => {
    const run = r.servers.find((s) => s.server === server);
    if (!run) throw new Error(`a repetition has no run of ${server}`);
    return run;
  });
}

export function summarize(repetitions: readonly Repetition[], plan: RunPlan): Summary {
  if (repetitions.length === 0) throw new Error('nothing to summarize: no repetition ran');
  const scenarioIds = [...new Set(plan.flatMap((p) => p.scenarios))];
  const servers = plan.map((p) => p.server);
  const load: LoadMedian[] = [];
  for (const scenario of scenarioIds) {
    for (const { server } of plan.filter((p) => p.scenarios.includes(scenario))) {
      const results = serverRuns(repetitions, server).map((run) => {
        const result = run.scenarios[scenario];
        if (!result) throw new Error(`${server} has no result for ${scenario}`);
        return result;
      });
      load.push({
        scenario,
        server,
        requestsPerSecond: median(results.map((r) => r.requestsPerSecond)),
        p50Ms: median(results.map((r) => r.p50Ms)),
        p99Ms: median(results.map((r) => r.p99Ms)),
        serverCpuMicrosPerResponse: median(results.map((r) => r.serverCpuMicrosPerResponse)),
        failures: results.reduce((sum, r) => sum + r.failures, 0),
      });
    }
  }
  const rps = (scenario: string, server: ServerId) =>
    load.find((l) => l.scenario === scenario && l.server === server)?.requestsPerSecond ?? Number.NaN;
  const ratios = scenarioIds.map((scenario) => ({
    scenario,
    mockOverBare: ratio(rps(scenario, 'mock'), rps(scenario, 'bare')),
    mockOverFloor: ratio(rps(scenario, 'mock'), rps(scenario, 'floor')),
    mockOverPrism: ratio(rps(scenario, 'mock'), rps(scenario, 'prism')),
    // The ceiling of mockOverPrism: no server sending the same bytes outruns the bare one.
    bareOverPrism: ratio(rps(scenario, 'bare'), rps(scenario, 'prism')),
  }));
  const labels = repetitions[0]!.validators.map((v) => v.label);
  const validators = labels.map((label) => {
    const runs = repetitions.map((r) => r.validators.find((v) => v.label === label)!);
    return {
      label,
      example: runs[0]!.example,
      bodyBytes: runs[0]!.bodyBytes,
      compiledPerSecond: median(runs.map((v) => v.compiledPerSecond)),
      validateResponsePerSecond: median(runs.map((v) => v.validateResponsePerSecond)),
    };
  });
  const sizes = repetitions[0]!.scale.map((s) => s.projects);
  const scale = sizes.map((projects) => {
    const runs = repetitions.map((r) => r.scale.find((s) => s.projects === projects)!);
    return {
      projects,
      requestsPerSecond: median(runs.map((s) => s.load.requestsPerSecond)),
      p50Ms: median(runs.map((s) => s.load.p50Ms)),
      p99Ms: median(runs.map((s) => s.load.p99Ms)),
      serverCpuMicrosPerResponse: median(runs.map((s) => s.load.serverCpuMicrosPerResponse)),
      firstSearchMs: median(runs.map((s) => s.firstSearchMs)),
      peakMemoryBytes: median(runs.map((s) => s.peakMemoryBytes)),
      startupMs: median(runs.map((s) => s.startupMs)),
      failures: runs.reduce((sum, s) => sum + s.load.failures, 0),
    };
  });
  return {
    load,
    ratios,
    servers: servers.map((server) => {
      const runs = serverRuns(repetitions, server);
      return {
        server,
        startupMs: median(runs.map((r) => r.startupMs)),
        peakMemoryBytes: median(runs.map((r) => r.peakMemoryBytes)),
      };
    }),
    mockViaTsxStartupMs: median(repetitions.map((r) => r.mockViaTsxStartupMs)),
    validators,
    scale,
  };
}
