// What the oracle compares, each observable tied to the catalogue rule that covers it: a
// difference names that rule and quotes its sentence of the specification.
import { companyRules } from '../catalogue/companies.ts';
import { companyEdgeRules } from '../catalogue/companies-edges.ts';
import { envelopeRules } from '../catalogue/envelope.ts';
import { fundRules } from '../catalogue/funds.ts';
import { fundOutcomeRules } from '../catalogue/funds-outcomes.ts';
import { messageRules } from '../catalogue/messages.ts';
import { searchRules } from '../catalogue/search.ts';
import { webhookDeliveryRules } from '../catalogue/webhook-deliveries.ts';
import { webhookFailureRules } from '../catalogue/webhook-failed-deliveries.ts';
import { webhookHistoryRules } from '../catalogue/webhook-history.ts';
import { webhookSettingRules } from '../catalogue/webhook-settings.ts';

/** Each compared observable and the id of the rule it breaks when the deployment differs from the model. */
export const OBSERVABLES = {
  /** A call the model answers with success must succeed, and refusals carry the model's status and code. */
  outcome: 'envelope.success-outcome',
  createEchoes: 'companies.create-echoes-request',
  listedFields: 'companies.created-is-listed',
  /** The records a filtered list holds: exactly the sequence's own records carrying the token. */
  listMembership: 'companies.search-filters-by-name',
  /** Page lengths, totalCount, nextPage, no record on two pages. */
  pageArithmetic: 'companies.pages-partition',
  pageSizeDefault: 'companies.page-size-default-10',
  pageSizeClamped: 'companies.page-size-clamped',
  pageSizeAtLimit: 'companies.page-size-at-limit',
  pageDefault: 'companies.page-default-zero',
  order: 'companies.orderby-ascending',
  orderAcrossPages: 'companies.orderby-across-pages',
  lookup: 'companies.lookup-by-id',
  searchExact: 'search.exactly-matching',
  uploadReturns: 'funds.upload-returns-folder',
  uploadAdds: 'funds.upload-adds-to-folder',
  runPending: 'funds.run-pending-on-creation',
  runFinal: 'funds.run-reaches-final-state',
  runForward: 'funds.status-moves-forward',
  runEchoes: 'funds.summary-echoes-run',
  runOwn: 'funds.run-in-own-fund-runs',
  /** A run's fundRuns: exactly the versions of its fund (by the deployment's own fundId) among the sequence's runs. */
  runVersions: 'funds.run-in-own-fund-runs',
  runVersionsOrder: 'funds.fund-runs-newest-first',
  runError: 'funds.run-error-outcome',
  unknownRun: 'funds.detail-unknown-404',
  messageNull: 'messages.answer-data-null',
  /** The saved webhook configuration echoed and read back. */
  webhookSaved: 'webhooks.save-read-back',
  webhookDefaults: 'webhooks.flags-default-false',
  /** analysisCompleted sent for each analysis that completed while subscribed, with the payload's ids. */
  analysisDelivered: 'webhooks.analysis-completed-delivered',
  /** Nothing sent that the configuration does not subscribe to (or no analysis caused). */
  unsubscribed: 'webhooks.unsubscribed-not-delivered',
  deliveryForm: 'webhooks.delivery-is-post-event-data',
  /** Each delivery recorded in the history with its outcome. */
  historyRecorded: 'webhooks.delivery-in-history',
  historyRecent: 'webhooks.history-ten-most-recent',
  historyOrder: 'webhooks.history-newest-first',
  historyLength: 'webhooks.history-at-most-10',
  /** A delivery the receiver did not answer with 200 recorded with an error outcome, never Success. */
  historyFailed: 'webhooks.failed-delivery-recorded',
  /** Another user's fund run: Error212 (403). */
  runNoRole: 'funds.detail-no-role-403',
} as const;

export type Observable = keyof typeof OBSERVABLES;

const COVERING = [
  ...companyRules,
  ...companyEdgeRules,
  ...envelopeRules,
  ...fundRules,
  ...fundOutcomeRules,
  ...messageRules,
  ...searchRules,
  ...webhookDeliveryRules,
  ...webhookFailureRules,
  ...webhookHistoryRules,
  ...webhookSettingRules,
];

/** The sentence of the specification behind an observable, from the rule that covers it. */
export function sentenceOf(observable: Observable): string {
  const id = OBSERVABLES[observable];
  const rule = COVERING.find((r) => r.id === id);
  if (!rule) throw new Error(`the oracle names rule ${id}, which the catalogue does not hold`);
  return rule.spec;
}
