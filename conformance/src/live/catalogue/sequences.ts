// Stateful sequences: seeded, replayable random sequences of calls (fast-check model-based
// testing) with invariants that hold on any deployment. Read only they list pages and read the
// history; with writes they also create companies, upload folders and start (at most 2) fund runs.
// A failure prints the shortest sequence fast-check found and the seed and path to replay it.
import fc from 'fast-check';
import { NotChecked } from '../not-checked.ts';
import type { Rule } from '../rule.ts';
import { sequenceCommands } from '../sequences/commands.ts';
import { sequencePaths, shrunkSequence } from '../sequences/replay-path.ts';
import {
  InvariantBroken,
  INVARIANTS,
  MAX_FUND_RUNS,
  type SequenceModel,
  type SequenceReal,
} from '../sequences/model.ts';

const RUNS = 6;
const MAX_COMMANDS = 6;

export const sequenceRules: Rule[] = [
  {
    id: 'sequences.invariants-hold',
    area: 'sequences',
    title: `${RUNS} random sequences of up to ${MAX_COMMANDS} calls keep every invariant: ${Object.values(INVARIANTS).join('; ')}`,
    spec: 'Pagination object: `page` integer, `totalCount` integer, `pageSize` integer, `nextPage` boolean. / The states are `pending`, `running`, `completed`, `error`. / returns the 10 most recent deliveries, newest first',
    operations: [
      'listProjects',
      'searchProjects',
      'createProject',
      'uploadFundFiles',
      'startFundRun',
      'getFundRunSummary',
      'listWebhookDeliveries',
    ],
    // Worst case with writes; shrinking a failure replays sequences, still within the budget.
    cost: { credits: 10 * MAX_FUND_RUNS, records: 40 },
    needs: {},
    async check(ctx) {
      const phase = { fundRuns: 0, created: 0 };
      let done = 0;
      const { path, replayPath } = sequencePaths(ctx.replay.path);
      const property = fc.asyncProperty(
        fc.commands(sequenceCommands, { maxCommands: MAX_COMMANDS, replayPath }),
        async (commands) => {
          const setup = () => ({
            model: { ctx, companies: [], folders: [], runs: [], phase } satisfies SequenceModel,
            real: {} as SequenceReal,
          });
          await fc.asyncModelRun(setup, commands);
          done = Math.min(done + 1, RUNS);
          ctx.progress(done, RUNS);
        },
      );
      const result = await fc.check(property, { numRuns: RUNS, seed: ctx.replay.seed, path });
      if (!result.failed) return;
      const error = result.errorInstance;
      // No answer or the budget is not the deployment's fault; an answer the commands cannot read is.
      if (error instanceof NotChecked) return ctx.notChecked(`a sequence stopped: ${error.message}`);
      const message =
        error instanceof InvariantBroken
          ? error.message
          : `an answer the sequence could not read: ${error instanceof Error ? error.message : String(error)}`;
      const { commands: sequence, replay } = shrunkSequence(result, result.counterexample?.[0]?.toString() ?? '');
      ctx.expect(false, `${message}\n      shortest sequence: ${sequence || '(empty)'}\n      replay: ${replay}`);
    },
  },
];
