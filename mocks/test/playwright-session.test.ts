// The Playwright entry's session without a browser: seed per session, settle, the journal, the
// webhook deliveries it collects (and the receiver gets them with the session header), the drop.
// The browser side (attach, parallel tests) is in examples/front-end/test/front-end.e2e.test.ts.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIntegrationClient } from '../../client/src/index.ts';
import { openMockSession } from '../src/playwright/index.ts';
import { startMock, type RunningMock } from '../src/server.ts';

let mock: RunningMock;
let receiver: Server;
let receiverUrl: string;
const received: { session: unknown; body: { event: string } }[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  receiver = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ session: request.headers['x-mock-session'], body: JSON.parse(text) as { event: string } });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
});
afterAll(async () => {
  receiver?.close();
  await mock?.close();
});

it('seeds its own session, settles, collects webhook deliveries and the journal, and is dropped after', async () => {
  const session = await openMockSession({
    origin: mock.origin,
    seed: { startTime: '2026-01-01T00:00:00Z', processingMs: 600_000, credits: 5 },
  });
  // What a page does once attached: every call carries the session header.
  const client = createIntegrationClient({
    baseUrl: mock.baseUrl,
    apiKey: 'mock-api-key',
    accessToken: 'mock-access-token',
    fetch: (input, init) => {
      const request = new Request(input, init);
      request.headers.set('x-mock-session', session.id);
      return fetch(request);
    },
  });
  await client.createWebhookConfiguration({ url: receiverUrl, analysisCompleted: true });
  await client.createProject({
    companyName: 'Hooked Co',
    companyWebsite: 'https://hooked.example',
    projectType: 'projectAnalysisNoFile',
  });
  expect(await session.settle()).toEqual({ jobsRun: 2, deliveries: 1, pendingJobs: 0 });
  const deliveries = await session.deliveries();
  expect(deliveries['user-mock']).toMatchObject([{ event: 'analysisCompleted', status: 'Success' }]);
  expect(received).toMatchObject([{ session: session.id, body: { event: 'analysisCompleted' } }]);
  const posts = await session.requests({ method: 'POST' });
  expect(posts.map((p) => p.path)).toEqual(['/api/integration/webhook', '/api/integration/project']);
  expect((await session.state()).credits).toBe(4);
  // The default session saw none of it.
  const defaultState = (await (await fetch(`${mock.origin}/__mock/state`)).json()) as { data: { credits: number } };
  expect(defaultState.data.credits).toBe(1000);
  await session.close();
  const after = await fetch(`${mock.origin}/__mock/state`, { headers: { 'x-mock-session': session.id } });
  expect(((await after.json()) as { data: { credits: number } }).data.credits).toBe(1000);
});
