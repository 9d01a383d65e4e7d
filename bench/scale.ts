// The company list with search over many seeded projects: latency and memory as the data grows.
import { performance } from 'node:perf_hooks';
import { conformingResponse } from './contract-check.ts';
import { SEARCH_TERMS } from './generated-projects.ts';
import type { LoadOptions, LoadRequest } from './load.ts';
import type { ScaleRun } from './results.ts';
import { API_PREFIX } from './scenarios.ts';
import { loadServer } from './server-load.ts';
import type { MockLauncher } from './comparison.ts';
import { apiKeyHeaders } from './servers.ts';

const LIST = { method: 'get', path: '/integration/projects' } as const;

function searchRequests(): LoadRequest[] {
  return SEARCH_TERMS.map((term) => ({
    method: 'GET',
    path: `${API_PREFIX}/integration/projects?search=${encodeURIComponent(term)}&page=0&pageSize=10`,
    headers: { ...apiKeyHeaders(), 'content-type': 'application/json' },
  }));
}

/** One mock seeded with `projects` projects, searched in turn for every term of SEARCH_TERMS. */
export async function measureScale(
  launchMock: MockLauncher,
  projects: number,
  options: LoadOptions,
  log: (line: string) => void,
): Promise<ScaleRun> {
  const server = await launchMock(projects);
  try {
    const requests = searchRequests();
    let firstSearchMs = 0;
    for (const request of requests) {
      // The mock remembers a search's matches: its first answer per term is the full scan.
      const started = performance.now();
      const response = await conformingResponse(server.origin, request, LIST, `${server.name} (${projects} projects)`);
      firstSearchMs = Math.max(firstSearchMs, performance.now() - started);
      const total = (response.json as { pagination?: { totalCount?: number } }).pagination?.totalCount ?? 0;
      if (total === 0)
        throw new Error(
          `${request.path} found nothing among ${projects} projects: the search would measure an empty scan`,
        );
    }
    const load = await loadServer(server, requests, options);
    log(
      `  search over ${projects} projects: ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.p99Ms.toFixed(2)} ms${load.failures ? `, ${load.failures} FAILED` : ''}`,
    );
    return { projects, startupMs: server.startupMs, peakMemoryBytes: server.peakMemoryBytes(), firstSearchMs, load };
  } finally {
    await server.stop();
  }
}
