// The model oracle: seeded command sequences sent to the deployment and to the stateful mock run
// in this process, every observable the specification fixes compared (oracle/).
import type { Rule } from '../rule.ts';
import { MAX_ORACLE_ANALYSES, MAX_ORACLE_FUND_RUNS, SHRINK_ANALYSES, SHRINK_FUND_RUNS } from '../oracle/state.ts';
import {
  ORACLE_MAX_COMMANDS,
  ORACLE_RULE_ID,
  ORACLE_RUNS,
  RECORDS_PER_SEQUENCE,
  runOracle,
  SHRINK_REPLAYS,
} from '../oracle/run-oracle.ts';

export const oracleRules: Rule[] = [
  {
    id: ORACLE_RULE_ID,
    area: 'oracle',
    title: `${ORACLE_RUNS} seeded sequences of up to ${ORACLE_MAX_COMMANDS} calls answer as the executable model does: outcomes, fields, exact list membership, page arithmetic, order, read-after-write, fund run states; with --analysis-cost, company analyses; with --receiver-host and --access-token, webhook configuration, deliveries and history; with --second-api-key, the other user's reads (ids by correspondence; open parts of the specification accepted)`,
    spec: 'The whole specification where it fixes an answer; a difference names the rule of the sentence it breaks.',
    operations: [
      'createProject',
      'listProjects',
      'searchProjects',
      'processMessage',
      'uploadFundFiles',
      'startFundRun',
      'getFundRunSummary',
      'getWebhookConfiguration',
      'createWebhookConfiguration',
      'updateWebhookConfiguration',
      'listWebhookDeliveries',
    ],
    // Worst case with writes: every sequence (and every replay that shrinks a failure) creating all it
    // may, the 2 fund runs and, with --analysis-cost, 3 company analyses, and the 2 more of each the
    // replays shrinking a fund run's or an analysis's difference may start; the budget is still asked before each call.
    cost: {
      credits: 10 * (MAX_ORACLE_FUND_RUNS + SHRINK_FUND_RUNS),
      optionalAnalyses: MAX_ORACLE_ANALYSES + SHRINK_ANALYSES,
      records: (ORACLE_RUNS + SHRINK_REPLAYS) * RECORDS_PER_SEQUENCE,
    },
    needs: {},
    check: runOracle,
  },
];
