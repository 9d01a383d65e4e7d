// `npm start` as a consumer meets it: a separate process (scripts/start-mock.ts) on a port, credentials
// from the environment, the whole life of a company and of a fund with real processing time and
// webhooks arriving at the consumer's own receiver, then a clean stop on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createIntegrationClient } from '../../client/src/index.ts';
import { checkingFetch } from './support/checking-fetch.ts';
import { pdf } from './support/files.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let child: ChildProcess | undefined;
let baseUrl = '';
let startOutput = '';
let receiver: WebhookReceiver;
const checker = checkingFetch();

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-mock.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      MOCK_NO_DOCS: '1',
      MOCK_API_KEY: 'consumer-key',
      MOCK_ACCESS_TOKEN: 'consumer-token',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  baseUrl = await new Promise<string>((resolve, reject) => {
    child?.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Stateful mock: (\S+)/.exec(output)?.[1];
      if (url && output.includes('Control API')) {
        startOutput = output;
        resolve(url);
      }
    });
    child?.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child?.once('exit', (code) =>
      reject(new Error(`scripts/start-mock.ts exited (${code}) before listening:\n${output}`)),
    );
  });
});

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await receiver?.close();
});

it('runs the life of a company and a fund for a consumer, then stops cleanly', async () => {
  expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  // What a new user needs, printed at start: credentials and where the control API is.
  expect(startOutput).toContain('API key: consumer-key  access token: consumer-token');
  expect(startOutput).toContain(`Control API: ${new URL(baseUrl).origin}/__mock`);
  const client = createIntegrationClient({
    baseUrl,
    apiKey: 'consumer-key',
    accessToken: 'consumer-token',
    fetch: checker.fetch,
  });
  await client.createWebhookConfiguration({ url: receiver.url, analysisCompleted: true });

  const { data: created } = await client.createProject({
    companyName: 'Life Co',
    companyWebsite: 'https://life.example',
    projectType: 'projectAnalysisNoFile',
  });
  await expect.poll(() => receiver.received.length, { timeout: 10_000, interval: 100 }).toBe(1);
  expect(receiver.received[0]?.body).toMatchObject({
    event: 'analysisCompleted',
    data: { projectId: created.project.id, analysisId: created.analysisId },
  });
  const detail = await client.getAnalysisDetail(created.analysisId!);
  expect(detail.data.projectId).toBe(created.project.id);

  const { data: folder } = await client.uploadFundFiles([pdf('statement.pdf')]);
  const { data: run } = await client.startFundRun({ name: 'Life Fund', folderPath: folder.folderPath });
  const summary = await client.waitForFundRun(run.fundExtractionId, { intervalMs: 200, timeoutMs: 10_000 });
  expect(summary.status).toBe('completed');
  await expect
    .poll(() => receiver.received.map((r) => r.body.event), { timeout: 5_000 })
    .toContain('fundAnalysisCompleted');
  // The mock records a delivery once the receiver's answer is read, a moment after the receiver holds it.
  await expect
    .poll(async () => (await client.listWebhookDeliveries()).data.map((d) => d.status), { timeout: 5_000 })
    .toEqual(['Success', 'Success']);
  expect(checker.violations()).toEqual([]);

  const state = await (await fetch(`${new URL(baseUrl).origin}/__mock/state`)).json();
  const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
  child?.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(existsSync(state.data.uploadsDir)).toBe(false);
}, 30_000);
