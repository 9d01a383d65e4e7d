import { describe, expect, it } from 'vitest';
import { exampleValue } from './support/every-operation.ts';
import { IntegrationError } from '../src/integration-error.ts';
import { parseWebhookEvent, type WebhookEvent } from '../src/webhook-event.ts';

const ANALYSIS_COMPLETED = exampleValue('AnalysisCompletedEvent') as Extract<
  WebhookEvent,
  { event: 'analysisCompleted' }
>;
const CHANGED_STATUS = exampleValue('ChangedStatusEvent') as Extract<WebhookEvent, { event: 'changedStatus' }>;
const FUND_COMPLETED = exampleValue('FundAnalysisCompletedEvent') as Extract<
  WebhookEvent,
  { event: 'fundAnalysisCompleted' }
>;

/** What a receiver does with the union: the switch is exhaustive over the contract's events. */
function summarize(event: WebhookEvent): string {
  switch (event.event) {
    case 'analysisCompleted':
      return `analysis ${event.data.analysisId} of ${event.data.projectName}`;
    case 'changedStatus':
      return `${event.data.projectName}: ${event.data.previousStatus} -> ${event.data.newStatus}`;
    case 'fundAnalysisCompleted':
      return 'fund run completed';
  }
}

describe('parseWebhookEvent', () => {
  it.each([
    ['analysisCompleted', ANALYSIS_COMPLETED, 'analysis 7b2e4c61-0f5a-4d8b-b3c9-5e1a2d4f6c88 of Helio Grid'],
    ['changedStatus', CHANGED_STATUS, 'Helio Grid: screening -> active'],
    ['fundAnalysisCompleted', FUND_COMPLETED, 'fund run completed'],
  ])('accepts the contract example of %s and types it by event', (event, body, summary) => {
    const parsed = parseWebhookEvent(body);
    expect(parsed).toEqual(body);
    expect(parsed.event).toBe(event);
    expect(summarize(parsed)).toBe(summary);
  });

  it('accepts the raw body as a string or as bytes', () => {
    expect(parseWebhookEvent(JSON.stringify(CHANGED_STATUS))).toEqual(CHANGED_STATUS);
    expect(parseWebhookEvent(Buffer.from(JSON.stringify(ANALYSIS_COMPLETED)))).toEqual(ANALYSIS_COMPLETED);
  });

  it.each([
    ['text that is not JSON', '{"event": "analysisCompleted",', /not JSON/],
    ['an empty body', '', /not JSON/],
    ['a JSON array', [ANALYSIS_COMPLETED], /not a JSON object/],
    ['null', null, /not a JSON object/],
    ['a body without event', { data: ANALYSIS_COMPLETED.data }, /no string `event`/],
    [
      'an unknown event',
      { event: 'fundRunFailed', data: {} },
      /unknown event "fundRunFailed"; the contract knows analysisCompleted, changedStatus, fundAnalysisCompleted/,
    ],
    [
      'a missing data field',
      { ...CHANGED_STATUS, data: { ...CHANGED_STATUS.data, newStatus: undefined } },
      /changedStatus: \/data must have required property 'newStatus'/,
    ],
    [
      'an id that is not a uuid',
      { ...ANALYSIS_COMPLETED, data: { ...ANALYSIS_COMPLETED.data, projectId: '42' } },
      /\/data\/projectId must match format "uuid"/,
    ],
    [
      'a timestamp that is not ISO 8601',
      { ...CHANGED_STATUS, data: { ...CHANGED_STATUS.data, changedAt: 'yesterday' } },
      /\/data\/changedAt must match format "date-time"/,
    ],
    ['an event without data', { event: 'fundAnalysisCompleted' }, /must have required property 'data'/],
  ])('rejects %s with a clear error', (_what, body, message) => {
    let error: unknown;
    try {
      parseWebhookEvent(body);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({
      kind: 'invalid-webhook',
      status: null,
      code: null,
      description: expect.stringMatching(message),
    });
  });
});
