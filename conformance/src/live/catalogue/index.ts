// The whole catalogue, in the order a run checks it: settings are saved and read before the
// rules that point the webhook at the receiver; the rules over every answer come last.
import type { Rule } from '../rule.ts';
import { analysisRules } from './analysis.ts';
import { authRules } from './auth.ts';
import { companyRules } from './companies.ts';
import { companyEdgeRules } from './companies-edges.ts';
import { companyOutcomeRules } from './companies-outcomes.ts';
import { contractRules } from './contract.ts';
import { envelopeRules } from './envelope.ts';
import { fullReportRules } from './fullreport.ts';
import { fundRules } from './funds.ts';
import { fundOutcomeRules } from './funds-outcomes.ts';
import { messageRules } from './messages.ts';
import { oracleRules } from './oracle.ts';
import { searchRules } from './search.ts';
import { sequenceRules } from './sequences.ts';
import { webhookDeliveryRules } from './webhook-deliveries.ts';
import { webhookFailureRules } from './webhook-failed-deliveries.ts';
import { webhookHistoryRules } from './webhook-history.ts';
import { webhookSettingRules } from './webhook-settings.ts';

const ordered = [
  ...authRules,
  ...envelopeRules,
  ...webhookSettingRules,
  ...companyRules,
  ...companyEdgeRules,
  ...companyOutcomeRules,
  ...searchRules,
  ...analysisRules,
  ...fullReportRules,
  ...messageRules,
  ...fundRules,
  ...fundOutcomeRules,
  ...webhookDeliveryRules,
  ...webhookFailureRules,
  ...webhookHistoryRules,
  ...sequenceRules,
  ...oracleRules,
  ...contractRules,
];

export const catalogue: Rule[] = [...ordered.filter((r) => !r.last), ...ordered.filter((r) => r.last)];
