// Plain Node ESM consumer: the three entries of the client against a running mock (the receiver
// gets an event the mock is asked to send now).
// Usage: node esm.mjs <baseUrl> <apiKey> <folder for a file>
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createIntegrationClient, IntegrationError, isIntegrationError } from '@portfolio-integration/client';
import * as nodeEntry from '@portfolio-integration/client/node';
import { createWebhookReceiver, nodeHandler } from '@portfolio-integration/client/receiver';

const [baseUrl, apiKey, dir] = process.argv.slice(2);
const client = createIntegrationClient({ baseUrl, apiKey, timeoutMs: 10_000 });
const pageSizes = [];
for await (const page of client.listProjects({ pageSize: 100 })) pageSizes.push(page.data.length);
const created = await client.createProject({
  companyName: 'ESM Consumer Ltd',
  companyWebsite: 'https://esm-consumer.example',
  projectType: 'projectAnalysisNoFile',
});
await fetch(new URL('/__mock/settle', baseUrl), { method: 'POST' });
const analysis = await client.waitForAnalysis(created.data.project.id, created.data.analysisId, {
  intervalMs: 50,
  timeoutMs: 10_000,
});
const refused = await createIntegrationClient({ baseUrl, apiKey: 'not-a-key' })
  .searchProjects('x')
  .catch((error) => error);
// The same error thrown by the CommonJS build (a dependency that require()s the client): the ESM check knows it.
const cjs = createRequire(import.meta.url)('@portfolio-integration/client');
const refusedByCjs = await cjs
  .createIntegrationClient({ baseUrl, apiKey: 'not-a-key' })
  .searchProjects('x')
  .catch((error) => error);
const file = join(dir, 'statement.pdf');
await writeFile(file, '%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const upload = await nodeEntry.createIntegrationClient({ baseUrl, apiKey }).uploadFundFiles([file]);
const received = [];
const receiver = createWebhookReceiver({ on: { analysisCompleted: ({ data }) => received.push(data.projectId) } });
const server = createServer(nodeHandler(receiver));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { users } = (await (await fetch(new URL('/__mock/state', baseUrl))).json()).data;
const owner = users.find((user) => user.apiKey === apiKey);
await createIntegrationClient({ baseUrl, accessToken: owner.accessToken }).createWebhookConfiguration({
  url: `http://127.0.0.1:${server.address().port}/hooks`,
});
const triggered = await fetch(new URL('/__mock/webhooks/trigger', baseUrl), {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ event: 'analysisCompleted', projectId: created.data.project.id }),
}).then((response) => response.json());
await new Promise((resolve) => setTimeout(resolve, 20));
server.close();
console.log(
  JSON.stringify({
    delivered: triggered.data.deliveries.map((delivery) => delivery.status),
    received: received.length === 1 && received[0] === created.data.project.id,
    pageSizes,
    created: created.code,
    analysis: analysis.status,
    refused: refused instanceof IntegrationError ? refused.kind : String(refused),
    sameErrorClass: nodeEntry.IntegrationError === IntegrationError,
    cjsErrorRecognised: isIntegrationError(refusedByCjs, 'unauthorized') && refusedByCjs instanceof IntegrationError,
    stored: upload.data.fileNames,
  }),
);
