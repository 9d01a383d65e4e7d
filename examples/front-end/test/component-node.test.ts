// A component test in Node with no server: the client talks to the mock's MSW handlers, msw/node
// intercepting fetch. Processing moves by settle(), so the test never waits for real time.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createIntegrationClient } from '../../../client/src/index.ts';
import { createHandlers } from '../../../mocks/src/msw/index.ts';

const mock = createHandlers({ origin: 'https://api.example.test', seed: { startTime: '2026-01-01T00:00:00Z' } });
const server = setupServer(...mock.handlers);
const client = createIntegrationClient({ baseUrl: 'https://api.example.test/api', apiKey: 'mock-api-key' });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mock.reset());
afterAll(() => {
  server.close();
  mock.close();
});

it('creates a company whose analysis completes, and sent exactly one create', async () => {
  const created = await client.createProject({
    companyName: 'Acme Robotics',
    companyWebsite: 'https://acme.example',
    projectType: 'projectAnalysisNoFile',
  });
  await mock.settle();
  const detail = await client.getAnalysisDetail(created.data.analysisId!);
  expect(detail.data.project.companyName).toBe('Acme Robotics');
  const posts = mock.requests({ method: 'POST', path: '/api/integration/project' });
  expect(posts.map((p) => p.body)).toEqual([
    { companyName: 'Acme Robotics', companyWebsite: 'https://acme.example', projectType: 'projectAnalysisNoFile' },
  ]);
});

it('follows the rules: no credits, no analysis (402 Error131)', async () => {
  await mock.reset({ credits: 0 });
  const refused = await client
    .createProject({
      companyName: 'Broke Ltd',
      companyWebsite: 'https://broke.example',
      projectType: 'projectAnalysisNoFile',
    })
    .catch((error: unknown) => error);
  expect(refused).toMatchObject({ status: 402, code: 'Error131' });
});
