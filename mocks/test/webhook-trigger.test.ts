// Events on demand (POST /__mock/webhooks/trigger, `portfolio-mock trigger`) built from the session's
// records and recorded in the history; the delivery switches (delay, repeat, reorder, a failed first
// attempt), each named in X-Mock-Gap and off by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUND_RUN_COMPLETED } from '../../common/src/index.ts';
import { parseWebhookEvent } from '../../client/src/index.ts';
import { useMock } from '../../contract-tests/support/mock-under-test.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';
import { captureOutput } from '../../conformance/test/support/captured-output.ts';
import { main } from '../src/cli.ts';

const mock = useMock();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function subscribe(flags: { analysisCompleted?: boolean; analysisChangedStatus?: boolean } = {}) {
  receiver.received.length = 0;
  receiver.respondWith(200);
  await mock.client().createWebhookConfiguration({ url: receiver.url, ...flags });
}

const post = (path: string, body: unknown, session?: string) =>
  mock.raw(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(session ? { 'x-mock-session': session } : {}) },
    body: JSON.stringify(body),
  });
const trigger = (body: unknown) => post('/__mock/webhooks/trigger', body);
const switches = (body: unknown) => post('/__mock/webhooks/delivery', body);

async function analysedProject(companyName = 'Triggered') {
  const { data } = await mock.client().createProject({
    companyName,
    companyWebsite: 'https://triggered.example',
    projectType: 'projectAnalysisNoFile',
  });
  await mock.control.settle();
  return data;
}

describe('trigger', () => {
  it('sends analysisCompleted of the newest analysed project, even unsubscribed, recorded in the history', async () => {
    await subscribe();
    await analysedProject('Older');
    const { project, analysisId } = await analysedProject('Newer');
    const answer = await trigger({ event: 'analysisCompleted' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      url: receiver.url,
      subscribed: false,
      held: false,
      deliveries: [{ event: 'analysisCompleted', status: 'Success', statusDescription: null }],
    });
    expect(answer.headers.get('x-mock-gap')).toBeNull();
    expect(receiver.received).toHaveLength(1);
    expect(parseWebhookEvent(receiver.received[0]?.body)).toEqual({
      event: 'analysisCompleted',
      data: { projectId: project.id, analysisId, projectName: 'Newer', platformEntityCompanyId: expect.any(String) },
    });
    expect((await mock.client().listWebhookDeliveries()).data).toEqual([
      { event: 'analysisCompleted', status: 'Success', statusDescription: null, createdAt: expect.any(String) },
    ]);
  });

  it('announces a named project’s current status as changedStatus, saying so in X-Mock-Gap', async () => {
    await subscribe({ analysisChangedStatus: true });
    const { project } = await analysedProject();
    const answer = await trigger({ event: 'changedStatus', projectId: project.id });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-gap')).toMatch(/previousStatus and newStatus are both the current status/);
    const sent = receiver.received[0]?.body;
    expect(sent).toEqual({
      event: 'changedStatus',
      data: {
        projectId: project.id,
        projectName: project.name,
        previousStatus: expect.any(String),
        newStatus: sent.data.previousStatus,
        stage: expect.any(String),
        changedAt: expect.any(String),
      },
    });
    // The project's current status and phase, as the session holds them.
    const held = (await mock.control.state()).projects.find((p: { id: string }) => p.id === project.id);
    expect([sent.data.newStatus, sent.data.stage]).toEqual([held.projectstatus.code, held.projectphase.code]);
  });

  it('sends fundAnalysisCompleted of a completed fund run, its payload named a gap', async () => {
    const state = await post('/__mock/provider-states', { state: FUND_RUN_COMPLETED });
    expect(state.status).toBe(200);
    await subscribe();
    const answer = await trigger({ event: 'fundAnalysisCompleted' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-mock-gap')).toMatch(/fundAnalysisCompleted payload/);
    expect(receiver.received[0]?.body).toEqual({
      event: 'fundAnalysisCompleted',
      data: { fundExtractionId: state.body.fundExtractionId, fundId: expect.any(String), name: expect.any(String) },
    });
  });

  it('refuses clearly when there is nothing to send or no record by that id', async () => {
    const { project } = await analysedProject();
    const unsaved = await trigger({ event: 'changedStatus', projectId: project.id });
    expect([unsaved.status, unsaved.body.code]).toEqual([409, 'MOCK_NOTHING_TO_SEND']);
    expect(unsaved.body.description).toMatch(/saved no webhook configuration/);
    const unknown = await trigger({ event: 'changedStatus', projectId: 'nope' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'MOCK_NOT_FOUND']);
    const noRun = await trigger({ event: 'fundAnalysisCompleted' });
    expect([noRun.status, noRun.body.description]).toEqual([409, expect.stringMatching(/No completed fund run/)]);
    const bad = await trigger({ event: 'somethingElse' });
    expect(bad.status).toBe(400);
  });
});

describe('delivery switches', () => {
  it('are off by default and after a reset; the answer names each switch on in X-Mock-Gap', async () => {
    const read = await mock.raw('/__mock/webhooks/delivery');
    expect(read.body.data).toEqual({ delayMs: 0, repeat: false, reorder: false, failFirstAttempt: false });
    expect(read.headers.get('x-mock-gap')).toBeNull();
    const set = await switches({ repeat: true, delayMs: 5 });
    expect(set.body.data).toEqual({ delayMs: 5, repeat: true, reorder: false, failFirstAttempt: false });
    expect(set.headers.get('x-mock-gap')).toMatch(/waits delayMs.*sends each delivery twice/);
    await mock.control.reset();
    expect((await mock.raw('/__mock/webhooks/delivery')).body.data.repeat).toBe(false);
    expect((await switches({ repeat: 'yes' })).status).toBe(400);
  });

  it('repeat sends a delivery twice, both recorded; each delivery carries the gap header', async () => {
    await subscribe({ analysisCompleted: true });
    await switches({ repeat: true });
    await analysedProject();
    expect(receiver.received.map((r) => r.body)).toEqual([receiver.received[0]?.body, receiver.received[0]?.body]);
    expect(receiver.received[1]?.headers['x-mock-gap']).toMatch(/sends each delivery twice/);
    expect((await mock.client().listWebhookDeliveries()).data.map((d) => d.status)).toEqual(['Success', 'Success']);
  });

  it('failFirstAttempt records the first attempt as Error Request and sends it again', async () => {
    await subscribe();
    await analysedProject();
    await switches({ failFirstAttempt: true });
    const answer = await trigger({ event: 'analysisCompleted' });
    expect(answer.body.data.deliveries.map((d: { status: string }) => d.status)).toEqual(['Error Request', 'Success']);
    expect(answer.body.data.deliveries[0].statusDescription).toMatch(/counted as failed .* answered HTTP 200/);
    expect(receiver.received).toHaveLength(2);
  });

  it('reorder holds a delivery until the next one, which goes first; settle sends a held one', async () => {
    await subscribe();
    const first = await analysedProject('First');
    await switches({ reorder: true });
    const held = await trigger({ event: 'changedStatus', projectId: first.project.id });
    expect(held.body.data).toMatchObject({ held: true, deliveries: [] });
    expect(receiver.received).toEqual([]);
    const second = await trigger({ event: 'analysisCompleted' });
    expect(second.body.data.held).toBe(false);
    expect(receiver.received.map((r) => r.body.event)).toEqual(['analysisCompleted', 'changedStatus']);
    await trigger({ event: 'analysisCompleted' });
    expect(receiver.received).toHaveLength(2);
    expect((await mock.control.settle()).deliveries).toBe(1);
    expect(receiver.received).toHaveLength(3);
  });

  it('delayMs waits before each delivery', async () => {
    await subscribe();
    await analysedProject();
    await switches({ delayMs: 150 });
    const started = performance.now();
    await trigger({ event: 'analysisCompleted' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('portfolio-mock trigger', () => {
  it('sends the event from the command line and prints the delivery (exit 0), 1 when nothing to send, 2 on usage', async () => {
    await subscribe();
    const { project } = await analysedProject();
    const run = await captureOutput(() =>
      main(['trigger', 'analysisCompleted', '--project', project.id, '--mock', mock.origin], {
        docsDir: async () => undefined,
      }),
    );
    expect(run.code).toBe(0);
    expect(run.out.join('\n')).toMatch(/Sent to .*\/hooks[\s\S]*"projectId": "[^"]+"[\s\S]*delivery: Success/);
    const nothing = await captureOutput(() =>
      main(['trigger', 'fundAnalysisCompleted', '--mock', mock.origin], { docsDir: async () => undefined }),
    );
    expect([nothing.code, nothing.err[0]]).toEqual([1, expect.stringMatching(/No completed fund run/)]);
    const usage = await captureOutput(() => main(['trigger', 'nope'], { docsDir: async () => undefined }));
    expect([usage.code, usage.err]).toEqual([2, [expect.stringMatching(/unknown event "nope"/)]]);
  });
});
