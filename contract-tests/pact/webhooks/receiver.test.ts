// The receiver answers 200 only for a POSTed event of the contract that its handler took.
import { describe, expect, it } from 'vitest';
import { createWebhookReceiver, type WebhookHandlers } from './receiver.ts';

const ANALYSIS_COMPLETED = {
  event: 'analysisCompleted',
  data: {
    projectId: '3f0c1b9e-8d4a-4f3e-9a57-2c1e7b6d5a10',
    analysisId: '7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88',
    projectName: 'Helio Grid',
    platformEntityCompanyId: '0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  },
};

function recordingReceiver() {
  const received: unknown[] = [];
  const handlers: WebhookHandlers = {
    analysisCompleted: (e) => void received.push(e.data.analysisId),
    changedStatus: (e) => void received.push(e.data.newStatus),
    fundAnalysisCompleted: (e) => void received.push(e.event),
  };
  return { receive: createWebhookReceiver(handlers), received };
}

describe('createWebhookReceiver', () => {
  it('hands a POSTed event, raw text or parsed, to its handler and answers 200', async () => {
    const { receive, received } = recordingReceiver();
    expect(await receive({ method: 'POST', body: JSON.stringify(ANALYSIS_COMPLETED) })).toEqual({
      status: 200,
      body: { received: 'analysisCompleted' },
    });
    expect(await receive({ method: 'post', body: ANALYSIS_COMPLETED })).toMatchObject({ status: 200 });
    expect(received).toEqual([ANALYSIS_COMPLETED.data.analysisId, ANALYSIS_COMPLETED.data.analysisId]);
  });

  it('answers 400 naming the problem for a body that breaks the contract, without calling a handler', async () => {
    const { receive, received } = recordingReceiver();
    const broken = { ...ANALYSIS_COMPLETED, data: { ...ANALYSIS_COMPLETED.data, projectId: 'not-a-uuid' } };
    const answer = await receive({ method: 'POST', body: broken });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('projectId');
    expect((await receive({ method: 'POST', body: '{"event":' })).status).toBe(400);
    expect((await receive({ method: 'POST', body: { event: 'somethingElse', data: {} } })).status).toBe(400);
    expect(received).toEqual([]);
  });

  it('answers 405 to anything but POST', async () => {
    const { receive } = recordingReceiver();
    expect((await receive({ method: 'GET', body: ANALYSIS_COMPLETED })).status).toBe(405);
  });

  it('answers 500 when the handler fails', async () => {
    const receive = createWebhookReceiver({
      analysisCompleted: () => {
        throw new Error('database down');
      },
      changedStatus: () => undefined,
      fundAnalysisCompleted: () => undefined,
    });
    expect(await receive({ method: 'POST', body: ANALYSIS_COMPLETED })).toEqual({
      status: 500,
      body: { error: 'handler for analysisCompleted failed: database down' },
    });
  });
});
