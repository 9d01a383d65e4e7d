// What one oracle sequence holds: the context that reaches the deployment, the model beside it,
// the id pairing, the run token every record of the sequence carries, and the records made so far.
import type { Exchange } from '../exchange.ts';
import type { ConformanceReceiver } from '../receiver.ts';
import type { OperationId } from '../operation-index.ts';
import type { RuleContext } from '../rule.ts';
import type { CallRequest } from '../rule-types.ts';
import type { Correspondence } from './correspondence.ts';
import { callModel, type OracleModel } from './model.ts';

/** At most this many fund runs (10 credits each) in the whole rule. */
export const MAX_ORACLE_FUND_RUNS = 2;
/** At most this many company analyses (--analysis-cost each) in the whole rule. */
export const MAX_ORACLE_ANALYSES = 3;
/**
 * More fund runs and analyses the replays that shrink a failure may start, when the failing sequence
 * started one (its difference may need one to show again); each still only while the budget allows.
 */
export const SHRINK_FUND_RUNS = 2;
export const SHRINK_ANALYSES = 2;

export interface OracleCompany {
  deployment: string;
  model: string;
  companyName: string;
  companyWebsite?: string;
  name?: string;
}

export interface OracleRun {
  deployment: string;
  model: string;
  name: string;
  refDate?: string;
  customerIsInvestor?: boolean;
  /** Status ranks last read on each side. */
  rank: { deployment: number; model: number };
  final: boolean;
}

export interface OracleAnalysis {
  deployment: string;
  model: string;
  company: OracleCompany;
  /** Final status read on each side (undefined while not final, or when --poll-timeout passed). */
  status: { deployment?: string; model?: string };
  /** Followed to its end on both sides. */
  final: boolean;
  /** Whether the configuration subscribed to analysisCompleted when it ended. */
  subscribed: boolean;
  /** Its deliveries compared already. */
  compared: boolean;
}

/** With a receiver and the session token: each side's receiver, the flags saved, and where the sequence's deliveries start. */
export interface OracleHooks {
  deployment: ConformanceReceiver;
  model: ConformanceReceiver;
  flags: { analysisCompleted: boolean; analysisChangedStatus: boolean };
  /** Deliveries each receiver held when the sequence started. */
  from: { deployment: number; model: number };
  /** Each side's history read when the sequence started. */
  before: { deployment: Delivery[]; model: Delivery[] };
}

export type Delivery = { event: string; status: string; statusDescription?: string | null; createdAt: string };

export interface OraclePhase {
  fundRuns: number;
  analyses: number;
  named: number;
  /** Fund runs and analyses the rule may start: the maxima, and the shrink allowance once a sequence failed. */
  caps: { fundRuns: number; analyses: number };
}

export interface OracleState {
  ctx: RuleContext;
  model: OracleModel;
  ids: Correspondence;
  /** Letters and digits only, unique to the sequence: every record it creates carries it as a word. */
  token: string;
  companies: OracleCompany[];
  folders: { deployment: string; model: string }[];
  runs: OracleRun[];
  analyses: OracleAnalysis[];
  /** With --receiver-host and --access-token (and writes): the deliveries compared too. */
  hooks?: OracleHooks;
  /** Shared by the rule's sequences: fund runs and analyses started (and how many may be), records named. */
  phase: OraclePhase;
}

/** Both answers of one request: the deployment's (through ctx.call: budget, retries, report) and the model's. */
export async function both(
  s: OracleState,
  operationId: OperationId,
  request: CallRequest,
  modelRequest: CallRequest = request,
): Promise<{ deployment: Exchange; model: Exchange }> {
  const deployment = await s.ctx.call(operationId, request);
  const model = await callModel(s.model, operationId, { ...modelRequest, spend: undefined });
  return { deployment, model };
}

/** The real side of the fast-check model run: everything is in the state. */
export type OracleReal = Record<string, never>;

/** The model's answer alone (reads the deployment is asked separately, e.g. again while its index lags). */
export function onModel(s: OracleState, operationId: OperationId, request: CallRequest): Promise<Exchange> {
  return callModel(s.model, operationId, { ...request, spend: undefined });
}
