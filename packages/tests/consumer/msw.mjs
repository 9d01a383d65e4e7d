// The installed MSW entry in Node: the installed client against createHandlers() under msw/node,
// no server. Prints what it saw as JSON. Usage: node msw.mjs
import { createIntegrationClient } from '@portfolio-integration/client';
import { createHandlers } from '@portfolio-integration/mock/msw';
import { setupServer } from 'msw/node';

const mock = createHandlers({ origin: 'https://api.example.test', seed: { startTime: '2026-01-01T00:00:00Z' } });
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledFrame: 'error' });
const client = createIntegrationClient({ baseUrl: 'https://api.example.test/api', apiKey: 'mock-api-key' });
const created = await client.createProject({
  companyName: 'MSW Consumer Ltd',
  companyWebsite: 'https://msw-consumer.example',
  projectType: 'projectAnalysisNoFile',
});
const settled = await mock.settle();
const detail = await client.getAnalysisDetail(created.data.analysisId);
await mock.reset({ credits: 0 });
const refused = await client
  .createProject({ companyName: 'Broke', companyWebsite: 'https://b.example', projectType: 'projectAnalysisNoFile' })
  .catch((error) => error.code);
const journal = mock.requests({ method: 'POST' });
server.close();
mock.close();

// A team's gap profile (what `portfolio-conformance parity` writes): their service answers an
// unknown analysis id with 400 and its own code, where the specification shows no error.
const profiled = createHandlers({
  origin: 'https://api.example.test',
  gapProfile: {
    kind: 'portfolio-gap-parity',
    version: 1,
    baseUrl: 'https://staging.example.test/api',
    gaps: [
      {
        id: 'errors.unknown-analysis',
        touched: true,
        profileable: true,
        deployment: { kind: 'error', status: 400, code: 'Error404' },
      },
    ],
  },
});
const profiledServer = setupServer(...profiled.handlers);
profiledServer.listen({ onUnhandledFrame: 'error' });
const unknown = await fetch(
  'https://api.example.test/api/integration/analysis/detail?analysisId=00000000-0000-4000-8000-000000000000',
  {
    headers: { authorization: 'mock-api-key' },
  },
);
const unknownAnswer = {
  status: unknown.status,
  code: (await unknown.json()).code,
  gap: unknown.headers.get('x-mock-gap'),
};
profiledServer.close();
profiled.close();
console.log(
  JSON.stringify({
    projectId: created.data.project.id,
    jobsRun: settled.jobsRun,
    company: detail.data.project.companyName,
    refused,
    journal: journal.map((entry) => [entry.path, entry.status]),
    unknownAnswer,
  }),
);
