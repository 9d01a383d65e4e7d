// Consumer side of the message pacts: what the webhook receiver expects of each event, and how a
// message Pact produces is fed through the receiver (which must answer 200 and hand on the event).
import { MatchersV3, type PactV4 } from '@pact-foundation/pact';
import { ANALYSIS_ID, PROJECT_ID } from '../companies/company-expectations.ts';
import { FUND_RUN_ID } from '../funds/fund-expectations.ts';
import { isoDateTime } from '../support/matchers.ts';
import { createWebhookReceiver, type EventName, type WebhookHandlers } from './receiver.ts';

const { like, uuid } = MatchersV3;

/** Parameters of a provider state, as the Pact DSL takes them. */
type StateParams = NonNullable<Parameters<ReturnType<PactV4['addAsynchronousInteraction']>['given']>[1]>;

export interface EventExpectation {
  event: EventName;
  description: string;
  state: { name: string; params: StateParams };
  contents: Record<string, unknown>;
  comment?: string;
}

export const EVENT_EXPECTATIONS: EventExpectation[] = [
  {
    event: 'analysisCompleted',
    description: 'an analysisCompleted event',
    state: {
      name: 'analysis {analysisId} of the company with id {projectId} completed',
      params: { projectId: PROJECT_ID, analysisId: ANALYSIS_ID },
    },
    contents: {
      event: 'analysisCompleted',
      data: {
        projectId: uuid(PROJECT_ID),
        analysisId: uuid(ANALYSIS_ID),
        projectName: like('Helio Grid'),
        platformEntityCompanyId: uuid('0c9d8e7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f'),
      },
    },
  },
  {
    event: 'changedStatus',
    description: 'a changedStatus event',
    state: {
      name: 'the company with id {projectId} moved from status {previousStatus} to {newStatus}',
      params: { projectId: PROJECT_ID, previousStatus: 'screening', newStatus: 'active' },
    },
    contents: {
      event: 'changedStatus',
      data: {
        projectId: uuid(PROJECT_ID),
        projectName: like('Helio Grid'),
        // Status codes and stages are open sets in the contract: any string.
        previousStatus: like('screening'),
        newStatus: like('active'),
        stage: like('dueDiligence'),
        changedAt: isoDateTime('2026-03-05T10:12:00Z'),
      },
    },
  },
  {
    event: 'fundAnalysisCompleted',
    description: 'a fundAnalysisCompleted event',
    state: { name: 'fund run {fundExtractionId} completed', params: { fundExtractionId: FUND_RUN_ID } },
    // The payload is not shown by the specification (x-gap): the receiver relies on the event name only.
    contents: { event: 'fundAnalysisCompleted', data: like({}) },
    comment: 'The fundAnalysisCompleted payload is not shown by the specification; only the event name is expected.',
  },
];

/** Records one consumer expectation: Pact hands the message to the receiver, which must take it. */
export async function receiveExpectedEvent(pact: PactV4, expectation: EventExpectation): Promise<EventName[]> {
  const received: EventName[] = [];
  const handlers: WebhookHandlers = {
    analysisCompleted: (e) => void received.push(e.event),
    changedStatus: (e) => void received.push(e.event),
    fundAnalysisCompleted: (e) => void received.push(e.event),
  };
  const receive = createWebhookReceiver(handlers);
  let interaction = pact.addAsynchronousInteraction().given(expectation.state.name, expectation.state.params);
  if (expectation.comment) interaction = interaction.comment(expectation.comment);
  await interaction
    .expectsToReceive(expectation.description, (b) => b.withJSONContent(expectation.contents))
    .executeTest(async (message) => {
      // Delivered as the service does: a POST with the JSON text as body.
      const answer = await receive({ method: 'POST', body: JSON.stringify(message.contents.content) });
      if (answer.status !== 200)
        throw new Error(`the receiver answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    });
  return received;
}
