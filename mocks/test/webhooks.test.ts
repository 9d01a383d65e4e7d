// Webhook configuration (bearer only), deliveries to a real receiver on 127.0.0.1, their recorded
// outcomes and the history (10 most recent, newest first), per user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIntegrationError, parseWebhookEvent } from '../../client/src/index.ts';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { pdf } from './support/files.ts';
import { API_KEY, SECOND_ACCESS_TOKEN, TEST_SEED, useMock } from '../../contract-tests/support/mock-under-test.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../contract-tests/support/webhook-receiver.ts';

const mock = useMock();
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

async function subscribe(flags: { analysisCompleted?: boolean; analysisChangedStatus?: boolean }, url = receiver.url) {
  receiver.received.length = 0;
  receiver.respondWith(200);
  await mock.client().createWebhookConfiguration({ url, ...flags });
}

async function projectWithAnalysis() {
  const { data } = await mock.client().createProject({
    companyName: 'Hooked',
    companyWebsite: 'https://hooked.example',
    projectType: 'projectAnalysisNoFile',
  });
  return data;
}

describe('webhook configuration', () => {
  it('is read as null before it is saved, then created, read (with updatedAt) and updated', async () => {
    const client = mock.client();
    expect((await client.getWebhookConfiguration()).data).toBeNull();
    const created = (
      await client.createWebhookConfiguration({ url: 'https://receiver.example/hooks', analysisCompleted: true })
    ).data;
    expect(created).toMatchObject({
      url: 'https://receiver.example/hooks',
      analysisCompleted: true,
      analysisChangedStatus: false,
    });
    expect(created).not.toHaveProperty('updatedAt');
    const updated = (
      await client.updateWebhookConfiguration({ url: 'https://receiver.example/v2', analysisChangedStatus: true })
    ).data;
    expect(updated).toMatchObject({
      id: created.id,
      createdAt: created.createdAt,
      url: 'https://receiver.example/v2',
      analysisCompleted: false,
      analysisChangedStatus: true,
    });
    const read = (await client.getWebhookConfiguration()).data;
    expect(read).toMatchObject({ ...updated, updatedAt: expect.any(String) });
    expect((await mock.client({ accessToken: SECOND_ACCESS_TOKEN }).getWebhookConfiguration()).data).toBeNull();
  });

  it('takes only the bearer token: an API key (or nothing) gets 401 4010', async () => {
    for (const authorization of [API_KEY, `Bearer ${API_KEY}`, 'Bearer wrong', undefined]) {
      const response = await mock.raw('/api/integration/webhook/history', {
        headers: authorization ? { authorization } : {},
      });
      expect([response.status, response.body.code], String(authorization)).toEqual([401, '4010']);
    }
    const saved = await mock.raw('/api/integration/webhook', {
      method: 'POST',
      headers: { authorization: API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://receiver.example' }),
    });
    expect([saved.status, saved.body.code]).toEqual([401, '4010']);
  });
});

describe('deliveries', () => {
  it('sends analysisCompleted when subscribed, as { event, data } matching the created records', async () => {
    await subscribe({ analysisCompleted: true });
    const created = await projectWithAnalysis();
    await mock.control.settle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery?.method).toBe('POST');
    expect(delivery?.headers['content-type']).toBe('application/json');
    expect(
      contractValidator().validate(
        '#/webhooks/analysisCompleted/post/requestBody/content/application~1json/schema',
        delivery?.body,
      ).violations,
    ).toEqual([]);
    expect(parseWebhookEvent(delivery?.body)).toMatchObject({
      event: 'analysisCompleted',
      data: { projectId: created.project.id, analysisId: created.analysisId, projectName: 'Hooked' },
    });
    const history = (await mock.client().listWebhookDeliveries()).data;
    expect(history).toEqual([
      { event: 'analysisCompleted', status: 'Success', statusDescription: null, createdAt: expect.any(String) },
    ]);
  });

  it('sends nothing for an unsubscribed event, nor for a failed analysis', async () => {
    await subscribe({ analysisChangedStatus: true });
    await projectWithAnalysis();
    await mock.control.settle();
    await subscribe({ analysisCompleted: true });
    await mock.client().createProject({
      companyName: 'Bad',
      projectType: 'projectAnalysisWithFile',
      docLink: 'https://x.example/unreadable.pdf',
    });
    await mock.control.settle();
    expect(receiver.received).toEqual([]);
    expect((await mock.client().listWebhookDeliveries()).data).toEqual([]);
  });

  it('sends changedStatus when a project changes status (control API), when subscribed', async () => {
    await subscribe({ analysisChangedStatus: true });
    const { project } = await projectWithAnalysis();
    const changed = await mock.control.changeStatus(project.id, {
      code: 'screening',
      name: 'Screening',
      phase: { name: 'Intro', code: 'intro', order: 1, isVisible: true },
    });
    expect(changed.status).toBe(200);
    await mock.control.settle();
    expect(receiver.received.map((r) => r.body)).toEqual([
      {
        event: 'changedStatus',
        data: {
          projectId: project.id,
          projectName: 'Hooked',
          previousStatus: 'active',
          newStatus: 'screening',
          stage: 'intro',
          changedAt: expect.any(String),
        },
      },
    ]);
    expect(
      contractValidator().validate('#/components/schemas/ChangedStatusEvent', receiver.received[0]?.body).valid,
    ).toBe(true);
    const listed = await mock.client().getProject(project.id);
    expect(listed.data).toMatchObject({
      projectstatus: { code: 'screening', name: 'Screening' },
      projectphase: { code: 'intro' },
    });
  });

  it('sends fundAnalysisCompleted (marked as a gap) for a completed run, never for a run in error', async () => {
    await subscribe({});
    const client = mock.client();
    const good = (await client.uploadFundFiles([pdf('ok.pdf')])).data.folderPath;
    const bad = (await client.uploadFundFiles([pdf('unreadable.pdf')])).data.folderPath;
    const run = (await client.startFundRun({ name: 'Hooked Fund', folderPath: good })).data;
    await client.startFundRun({ name: 'Broken Fund', folderPath: bad });
    await mock.control.settle();
    expect(receiver.received.map((r) => r.body)).toEqual([
      {
        event: 'fundAnalysisCompleted',
        data: { fundExtractionId: run.fundExtractionId, fundId: 'fund-user-mock-hooked-fund', name: 'Hooked Fund' },
      },
    ]);
    expect(receiver.received[0]?.headers['x-mock-gap']).toContain('fundAnalysisCompleted');
    expect(parseWebhookEvent(receiver.received[0]?.body).event).toBe('fundAnalysisCompleted');
  });

  it('records Error Response for a non-200 answer and Error Request for no answer or a timeout', async () => {
    await mock.control.reset({ ...TEST_SEED, webhookTimeoutMs: 300 });
    const client = mock.client();
    await subscribe({ analysisChangedStatus: true });
    const { project } = await projectWithAnalysis();

    receiver.respondWith(500);
    await mock.control.changeStatus(project.id, { code: 'a' });
    await mock.control.settle();
    receiver.respondWith(200, 2000);
    await mock.control.changeStatus(project.id, { code: 'b' });
    await mock.control.settle();
    await client.updateWebhookConfiguration({ url: 'http://127.0.0.1:9/closed', analysisChangedStatus: true });
    await mock.control.changeStatus(project.id, { code: 'c' });
    await mock.control.settle();

    const history = (await client.listWebhookDeliveries()).data;
    expect(history.map((h) => h.status)).toEqual(['Error Request', 'Error Request', 'Error Response']);
    expect(history[0]?.statusDescription).toMatch(/could not be delivered/);
    expect(history[1]?.statusDescription).toMatch(/timeout/);
    expect(history[2]?.statusDescription).toMatch(/HTTP 500/);
  });

  it('keeps the 10 most recent deliveries, newest first, per user', async () => {
    await subscribe({ analysisChangedStatus: true });
    const { project } = await projectWithAnalysis();
    for (let i = 0; i < 12; i++) {
      await mock.control.changeStatus(project.id, { code: `status-${i}` });
      await mock.control.settle();
    }
    const history = (await mock.client().listWebhookDeliveries()).data;
    expect(history).toHaveLength(10);
    const times = history.map((h) => Date.parse(h.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(receiver.received.at(-1)?.body.data.newStatus).toBe('status-11');
    expect((await mock.client({ accessToken: SECOND_ACCESS_TOKEN }).listWebhookDeliveries()).data).toEqual([]);
  });

  it("a receiver of another user gets nothing from this user's events", async () => {
    await mock
      .client({ accessToken: SECOND_ACCESS_TOKEN })
      .createWebhookConfiguration({ url: receiver.url, analysisCompleted: true, analysisChangedStatus: true });
    receiver.received.length = 0;
    await projectWithAnalysis();
    await mock.control.settle();
    expect(receiver.received).toEqual([]);
    const error = await mock
      .client()
      .listWebhookDeliveries()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isIntegrationError(error)).toBe(false);
  });
});
