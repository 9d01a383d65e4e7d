// Runs the oracle's seeded command sequences (fast-check model-based testing) against the
// deployment and the model side by side, and turns the first difference into one violation with
// the rule it breaks, its sentence, the shrunk sequence, the seed and the replay command.
import fc from 'fast-check';
import { NotChecked } from '../not-checked.ts';
import { startReceiver, type ConformanceReceiver } from '../receiver.ts';
import type { RuleContext } from '../rule.ts';
import { sequencePaths, shrunkSequence } from '../sequences/replay-path.ts';
import { COMPANY_LABELS, companyCommands, CreateCompany, SendMessage } from './company-commands.ts';
import { Correspondence } from './correspondence.ts';
import { OracleDifference } from './difference.ts';
import { analysisCommands, CreateAnalysedCompany } from './analysis-commands.ts';
import { AwaitRun, fundCommands, StartRun, UploadFolder } from './fund-commands.ts';
import { ListByToken, listCommands, LookUpCompany, SearchByToken } from './list-commands.ts';
import { mockModel } from './model.ts';
import { OtherUserReadsRun, otherUserCommands, OtherUserUsesCompany } from './other-user-commands.ts';
import {
  MAX_ORACLE_ANALYSES,
  MAX_ORACLE_FUND_RUNS,
  type OracleHooks,
  type OraclePhase,
  type OracleReal,
  SHRINK_ANALYSES,
  SHRINK_FUND_RUNS,
  type OracleState,
} from './state.ts';
import { quiet, quietStep } from '../delivery-history.ts';
import { CompareHistory, historyOf, SaveWebhook, webhookCommands } from './webhook-commands.ts';

export const ORACLE_RULE_ID = 'oracle.matches-model';
export const ORACLE_RUNS = 5;
export const ORACLE_MAX_COMMANDS = 8;
export const OPENING_COMPANIES = 3;
/** Sequences replayed to shrink a failure (each costs its calls on the deployment again). */
export const SHRINK_REPLAYS = 10;
/** Records one sequence may create: its opening companies, one per random call, and the closing uploads, messages, company and run. */
export const RECORDS_PER_SEQUENCE = OPENING_COMPANIES + ORACLE_MAX_COMMANDS + 6;
/** How long the model's fund runs take: its timing is never compared, only its final states. */
const MODEL_PROCESSING_MS = 20;

const commands = [
  ...companyCommands,
  ...listCommands,
  ...fundCommands,
  ...analysisCommands,
  ...webhookCommands,
  ...otherUserCommands,
];

/**
 * The calls closing every sequence, the same each time: with writes and budget, the fund runs the
 * rule has not started yet (a new folder, a file added to it, a run with its optional inputs sent
 * and one with them omitted, named as the first); then the sequence's records read back (page sizes
 * at, below and above the limit, default size and page, with and without an order), the search, a
 * message and a look-up of the first company, and every run followed to its final state.
 */
function closing(s: OracleState): { run(s: OracleState): Promise<void>; check(s: OracleState): boolean }[] {
  // Both runs in one sequence, followed together: their processing overlaps (one wait, not two).
  const fundRun =
    s.phase.fundRuns < s.phase.caps.fundRuns
      ? [
          new UploadFolder(undefined, 2),
          new UploadFolder(s.folders.length, 1),
          new StartRun(s.folders.length, true, true),
          // Named as the first: on a deployment that groups runs by name, a second version of one fund.
          new StartRun(s.folders.length, false, false, true),
        ]
      : [];
  // With --analysis-cost, one company analysis while the rule may start one (its delivery is compared).
  const analysis = s.phase.analyses < s.phase.caps.analyses ? [new CreateAnalysedCompany(true)] : [];
  return [
    ...fundRun,
    ...analysis,
    ...CLOSING_PAGE_SIZES.map((size, i) => new ListByToken(size, i % 2 === 0, i % 3 === 0)),
    new SearchByToken(),
    new LookUpCompany(0),
    new SendMessage(0),
    new AwaitRun(0),
    new AwaitRun(0),
    new OtherUserReadsRun(0),
    new OtherUserUsesCompany(0, false),
    // Saved with url alone: both flags must default to false (the next sequence saves them on again).
    new SaveWebhook('POST'),
    new CompareHistory(),
  ];
}

/** Page sizes every sequence's records are read with: default (omitted), 1 and 2 (several pages), 3, 99, at (100) and above (101) the limit. */
const CLOSING_PAGE_SIZES = [undefined, 1, 2, 3, 99, 100, 101];

/** Companies every sequence creates first (its lists then span several pages), before its random commands. */
const opening = fc.array(
  fc
    .record({ label: fc.constantFrom(...COMPANY_LABELS), website: fc.boolean(), nickname: fc.boolean() })
    .map(({ label, website, nickname }) => new CreateCompany(label, website, nickname)),
  { minLength: OPENING_COMPANIES, maxLength: OPENING_COMPANIES },
);

export async function runOracle(ctx: RuleContext): Promise<void> {
  const model = await (ctx.oracleModel ?? mockModel)({ processingMs: MODEL_PROCESSING_MS });
  const phase: OraclePhase = {
    fundRuns: 0,
    analyses: 0,
    named: 0,
    caps: { fundRuns: MAX_ORACLE_FUND_RUNS, analyses: MAX_ORACLE_ANALYSES },
  };
  // Deliveries are compared with a receiver the deployment can reach and the webhook calls' token.
  const receiver = ctx.fixtures.receiver;
  const withHooks = receiver !== undefined && ctx.can('accessToken') && ctx.can('writes');
  let modelReceiver: ConformanceReceiver | undefined;
  let savedHooks = false;
  const tokenBase = `oracle${ctx.runId.replace(/[^A-Za-z0-9]/g, '').toLowerCase()}`;
  let sequences = 0;
  let done = 0;
  /** Whether the last sequence ended waiting for quiet receivers, with nothing delivered since. */
  let receiversQuiet = false;
  // Shrinking replays sequences against the deployment: after the first failure, at most this many.
  let failed = false;
  let shrinkReplays = 0;
  try {
    const { path, replayPath } = sequencePaths(ctx.replay.path);
    // The random calls first: fast-check shrinks its arguments in order, and the first replay then
    // tries the sequence without them (a fund run's difference shows again within its allowance).
    const property = fc.asyncProperty(
      fc.commands(commands, { maxCommands: ORACLE_MAX_COMMANDS, size: 'max', replayPath }),
      opening,
      async (sequence, first) => {
        if (failed && ++shrinkReplays > SHRINK_REPLAYS) return;
        sequences += 1;
        const state: OracleState = {
          ctx,
          model,
          ids: new Correspondence(),
          token: `${tokenBase}s${sequences}`,
          companies: [],
          folders: [],
          runs: [],
          analyses: [],
          phase,
        };
        try {
          if (withHooks && receiver) {
            modelReceiver ??= await startReceiver('127.0.0.1', 0, ctx.runId);
            const method = sequences % 2 === 0 ? 'PUT' : 'POST';
            state.hooks = await openHooks(state, receiver, modelReceiver, method, !receiversQuiet);
            savedHooks = true;
          }
          receiversQuiet = false;
          for (const command of first) if (command.check(state)) await command.run(state);
          await fc.asyncModelRun(() => ({ model: state, real: {} as OracleReal }), sequence);
          for (const command of closing(state)) if (command.check(state)) await command.run(state);
          // The closing calls end with CompareHistory's wait for quiet receivers (when hooks are on).
          receiversQuiet = state.hooks !== undefined;
        } catch (error) {
          // A difference on a fund run or an analysis shows again only with one: the replays that
          // shrink it may start a few more (the oracle is the last rule that spends credits).
          if (!failed && error instanceof OracleDifference && (state.runs.length > 0 || state.analyses.length > 0)) {
            phase.caps.fundRuns = phase.fundRuns + SHRINK_FUND_RUNS;
            phase.caps.analyses = phase.analyses + SHRINK_ANALYSES;
          }
          failed = true;
          throw error;
        }
        done = Math.min(done + 1, ORACLE_RUNS);
        ctx.progress(done, ORACLE_RUNS);
      },
    );
    const result = await fc.check(property, { numRuns: ORACLE_RUNS, seed: ctx.replay.seed, path });
    if (!result.failed) return;
    const error = result.errorInstance;
    if (error instanceof NotChecked) return ctx.notChecked(`an oracle sequence stopped: ${error.message}`);
    const message =
      error instanceof OracleDifference
        ? `${error.message}\n      specification (${error.ruleId}): ${error.sentence}`
        : `an answer the oracle could not read: ${error instanceof Error ? error.message : String(error)}`;
    const openedWith = (result.counterexample?.[1] ?? []).map(String).join(', ');
    const { commands: shrunk, replay } = shrunkSequence(result, result.counterexample?.[0]?.toString() ?? '');
    ctx.expect(
      false,
      `${message}\n      shortest sequence: ${openedWith || '(no company)'}, then ${shrunk || 'no random call'}, then the closing calls\n      seed: ${result.seed}\n      replay: npx portfolio-conformance verify <the same options> --rule ${ORACLE_RULE_ID} ${replay}`,
    );
  } finally {
    // The other rules' deliveries need the suite's receiver subscribed to both events again.
    if (savedHooks && receiver)
      await ctx.fixtures
        .saveWebhook('createWebhookConfiguration', {
          url: receiver.url,
          analysisCompleted: true,
          analysisChangedStatus: true,
        })
        .catch(() => undefined);
    await model.close();
    await modelReceiver?.close();
  }
}

/**
 * A sequence's webhook state: both configurations saved (each side's own receiver, both flags on;
 * with POST or PUT, every other sequence),
 * then, once earlier deliveries are in, where each receiver and history stands.
 */
async function openHooks(
  s: OracleState,
  deployment: ConformanceReceiver,
  model: ConformanceReceiver,
  method: 'POST' | 'PUT',
  awaitQuiet: boolean,
): Promise<OracleHooks> {
  const { deliveryTimeoutMs, pollIntervalMs } = s.ctx.fixtures;
  s.hooks = {
    deployment,
    model,
    flags: { analysisCompleted: true, analysisChangedStatus: true },
    from: { deployment: 0, model: 0 },
    before: { deployment: [], model: [] },
  };
  await new SaveWebhook(method, true, true).run(s);
  // Saving a configuration delivers nothing: after a sequence that ended on quiet receivers, the
  // earlier deliveries are all in already.
  if (awaitQuiet)
    await Promise.all([
      quiet(deployment.received, Math.min(deliveryTimeoutMs, 1_000), quietStep(pollIntervalMs)),
      quiet(model.received, 300, 20),
    ]);
  const from = { deployment: deployment.received.length, model: model.received.length };
  const before = { deployment: await historyOf(s, 'deployment'), model: await historyOf(s, 'model') };
  return { ...s.hooks, from, before };
}
