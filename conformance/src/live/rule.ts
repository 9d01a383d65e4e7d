// A rule of the catalogue and what it gets to run with: its context (calls, expectations, the shared
// records of the run). Kept apart from rule-types.ts, whose plain types the shared records use.
import type { ModelSource } from './oracle/model.ts';
import type { OperationId } from './operation-index.ts';
import type { Fixtures } from './records.ts';
import type { Area, Caller, Cost, FixtureName, Needs, RecordedExchange } from './rule-types.ts';

export interface RuleContext extends Caller {
  readonly fixtures: Fixtures;
  /** Records a violation when the condition is false and goes on. */
  expect(condition: boolean, message: string): void;
  /** Stops the rule as not checked (missing option, budget, nothing to check against). */
  notChecked(reason: string): never;
  /** Every exchange of the run so far (for the rules over all answers). */
  exchanges(): readonly RecordedExchange[];
  /** Whether the run's options give this need (the sequences choose their commands by it). */
  can(need: keyof Needs): boolean;
  /** Whether a call of this cost would be allowed by the budget now (nothing is reserved). */
  canSpend(cost: Cost): boolean;
  /** Reports progress of a long rule (the sequences), for a progress bar. */
  progress(done: number, total: number): void;
  /** --drive-folder: a folder (link or id) of the drive connected under the API-key user. */
  readonly driveFolder?: string;
  /** --seed and --sequence-path, to replay a failing sequence. */
  readonly replay: { seed?: number; path?: string };
  /** Where the oracle gets its model (default: the mock package's in-process mock). */
  readonly oracleModel?: ModelSource;
}

export interface Rule {
  /** Stable id, `<area>.<kebab-case rule>`. */
  id: string;
  area: Area;
  title: string;
  /** The sentence (or table row) of the specification the rule comes from, quoted. */
  spec: string;
  operations: OperationId[];
  /** The rule's own calls, worst case; fixtures it uses are counted once per run (see fixtures.ts). */
  cost: Cost;
  /** Shared records the rule uses (created at most once per run). */
  uses?: FixtureName[];
  needs: Needs;
  /** The rule rests on a gap of the specification: it is reported as a warning, never a failure. */
  gap?: string;
  /** Runs after every other rule (it judges the answers of the whole run). */
  last?: boolean;
  check(ctx: RuleContext): Promise<void>;
}
