// The side-by-side comparison: the same prepared requests against bare, mock and Prism.
import { benchSeed } from './bench-seed.ts';
import { conformingResponse } from './contract-check.ts';
import { runLoad, type LoadOptions, type LoadRequest } from './load.ts';
import type { RecordedResponse } from './recording.ts';
import type { ServerId, ServerRun } from './results.ts';
import type { Scenario } from './scenarios.ts';
import { loadServer } from './server-load.ts';
import type { RunningServer } from './server-process.ts';
import { apiKeyHeaders } from './servers.ts';

/** Starts a mock seeded with `projects` generated projects. */
export type MockLauncher = (projects: number) => Promise<RunningServer>;

export interface PreparedScenario {
  scenario: Scenario;
  request: LoadRequest;
}

/** Puts the mock back in its start state (the same seed gives the same ids), then prepares `scenario`. */
async function freshRequest(mock: RunningServer, scenario: Scenario, projects: number): Promise<LoadRequest> {
  const reset = await fetch(`${mock.origin}/__mock/reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchSeed(projects)),
  });
  if (!reset.ok) throw new Error(`POST /__mock/reset answered ${reset.status}: ${(await reset.text()).slice(0, 500)}`);
  await reset.arrayBuffer();
  return scenario.prepare(mock.origin, apiKeyHeaders());
}

/** Prepares every scenario on a mock and records its answers, for the bare server to replay. */
export async function prepareScenarios(
  launchMock: MockLauncher,
  scenarios: readonly Scenario[],
  projects: number,
): Promise<{ prepared: PreparedScenario[]; recording: RecordedResponse[] }> {
  const mock = await launchMock(projects);
  try {
    const prepared: PreparedScenario[] = [];
    const recording: RecordedResponse[] = [];
    for (const scenario of scenarios) {
      const request = await freshRequest(mock, scenario, projects);
      const response = await conformingResponse(mock.origin, request, scenario, mock.name);
      prepared.push({ scenario, request });
      recording.push({
        method: request.method,
        url: request.path,
        status: response.status,
        contentType: String(response.headers['content-type']),
        body: response.body,
      });
    }
    return { prepared, recording };
  } finally {
    await mock.stop();
  }
}

/**
 * Runs every prepared scenario against one started server, then stops it. A `stateful` server (the
 * mock, with or without its response cache) is reset and the scenario prepared again before each
 * run, so creates from one run never leak into the next.
 */
export async function measureServer(
  id: ServerId,
  server: RunningServer,
  prepared: readonly PreparedScenario[],
  options: LoadOptions & { projects: number; warmupSeconds: number; stateful: boolean },
  log: (line: string) => void,
): Promise<ServerRun> {
  try {
    const scenarios: ServerRun['scenarios'] = {};
    for (const [index, { scenario, request }] of prepared.entries()) {
      if (options.stateful) {
        const again = await freshRequest(server, scenario, options.projects);
        if (again.path !== request.path)
          throw new Error(
            `the mock prepared ${again.path} where the recording has ${request.path}: its ids are not deterministic`,
          );
      }
      await conformingResponse(server.origin, request, scenario, server.name);
      // A fresh process runs its first requests unoptimised (Prism's first run was the slowest): not timed.
      if (index === 0) await runLoad(server.origin, [request], { ...options, durationSeconds: options.warmupSeconds });
      const result = await loadServer(server, [request], options);
      log(
        `  ${server.name} / ${scenario.label}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms.toFixed(2)} ms${result.failures ? `, ${result.failures} FAILED` : ''}`,
      );
      scenarios[scenario.id] = result;
    }
    return { server: id, startupMs: server.startupMs, peakMemoryBytes: server.peakMemoryBytes(), scenarios };
  } finally {
    await server.stop();
  }
}
