// The stateful mock in this process, with no port: requests go through Fastify's inject(). The
// conformance oracle runs it as the executable model of the specification beside a deployment.
import { API_PREFIX, buildMockApp } from './app.ts';
import { defaultCredentials } from './domain/default-seed.ts';
import type { MockSeed } from './domain/seed.ts';
import { injectFetch } from './http/fastify-request.ts';
import { MockRuntime } from './runtime.ts';

export interface InProcessMock {
  /** A base URL for the fetch below only (its host is never reached): `http://mock.in-process/api`. */
  baseUrl: string;
  /** A fetch answered by the mock in this process. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** The default seed's first user (its API key and session token) and its second user's API key. */
  credentials: { apiKey: string; accessToken: string; secondApiKey: string };
  close(): Promise<void>;
}

const ORIGIN = 'http://mock.in-process';

/**
 * Starts the mock in this process, reached through the returned `fetch` (no socket, no port).
 * @example
 * const model = await startInProcessMock({ seed: { processingMs: 20 } });
 * const answer = await model.fetch(`${model.baseUrl}/integration/projects`, { headers: { authorization: model.credentials.apiKey } });
 * await model.close();
 */
export async function startInProcessMock(options: { seed?: MockSeed } = {}): Promise<InProcessMock> {
  const runtime = await MockRuntime.create({ seed: options.seed });
  const app = await buildMockApp({ runtime, responseCache: false });
  await app.ready();
  return {
    baseUrl: `${ORIGIN}${API_PREFIX}`,
    credentials: defaultCredentials(),
    fetch: (input, init) => injectFetch(app, new Request(input, init)),
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}
