// Provider side of the message pacts: the mock's own event builders (mocks/src/events.ts) produce each
// message, from the records a provider state describes.
import type { MessageProviders } from '@pact-foundation/pact';
import {
  buildAnalysisCompletedEvent,
  buildChangedStatusEvent,
  buildFundAnalysisCompletedEvent,
  type WebhookEvent,
} from '../../../mocks/src/events.ts';
import type { StateHandlers } from '../../../conformance/src/pact/run-verifier.ts';

type Params = Record<string, string>;

export interface EventProvider {
  messageProviders: MessageProviders;
  stateHandlers: StateHandlers;
}

/**
 * `alter` lets a test of the tests break one message after the builder made it; production
 * verification passes none.
 */
export function eventProvider(alter: (event: WebhookEvent) => unknown = (event) => event): EventProvider {
  // The verifier sets up a message's state, then asks for the message: the state's records live here.
  let params: Params = {};
  const remember = async (p?: unknown) => {
    params = { ...(p as Params | undefined) };
    return undefined;
  };
  const param = (name: string): string => {
    const value = params[name];
    if (typeof value !== 'string') throw new Error(`the provider state did not give ${name}`);
    return value;
  };
  return {
    stateHandlers: {
      'analysis {analysisId} of the company with id {projectId} completed': remember,
      'the company with id {projectId} moved from status {previousStatus} to {newStatus}': remember,
      'fund run {fundExtractionId} completed': remember,
    },
    messageProviders: {
      'an analysisCompleted event': () =>
        alter(
          buildAnalysisCompletedEvent(
            {
              id: param('projectId'),
              name: 'Helio Grid',
              platformEntityCompanyId: '5eed0000-0000-4000-8000-0000000e0001',
            },
            { id: param('analysisId') },
          ),
        ),
      'a changedStatus event': () =>
        alter(
          buildChangedStatusEvent(
            { id: param('projectId'), name: 'Helio Grid' },
            {
              previousStatus: param('previousStatus'),
              newStatus: param('newStatus'),
              stage: 'dueDiligence',
              changedAt: new Date().toISOString(),
            },
          ),
        ),
      'a fundAnalysisCompleted event': () =>
        alter(
          buildFundAnalysisCompletedEvent({
            fundExtractionId: param('fundExtractionId'),
            fundId: 'fund-helio',
            name: 'Helio Fund I',
          }),
        ),
    },
  };
}
