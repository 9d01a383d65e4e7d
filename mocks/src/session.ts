// One session of the mock: an isolated world (state and uploaded files) that a reset replaces,
// with the control operations that act on it as a whole (reset, settle, close).
import { drainDeliveries } from './control/delivery-switches.ts';
import { settle } from './control/processing-clock.ts';
import { addSeedProjects, deterministicIds } from './control/seed-records.ts';
import { resolveSeed } from './domain/default-seed.ts';
import type { GapChoices } from './domain/gap-choices.ts';
import type { MockSeed } from './domain/seed.ts';
import { runJob } from './domain/jobs.ts';
import { MockState } from './domain/state.ts';
import { RequestJournal } from './sessions/request-journal.ts';
import type { StagedImport } from './uploads/file-transfer.ts';
import type { FilesSwap, UploadStorage } from './uploads/folder-storage.ts';

export interface SettleSummary {
  /** Scheduled state moves run by this settle. */
  jobsRun: number;
  /** Webhook deliveries that got an outcome while it waited. */
  deliveries: number;
}

export interface SessionOptions {
  /** Kept sessions: resolves once this session's changes so far are durable. */
  durable?: (session: MockSession) => Promise<void>;
  /** Kept sessions: readies each new state for the store (change tracking, the delivery outbox: persistence/). */
  keep?: (state: MockState) => void;
  /** Read back from a state file: starts without the seed's projects. */
  restoring?: boolean;
  /** Processing moves only by `advance` and `settle` (the MSW handlers' `clock: 'manual'`). */
  manualClock?: boolean;
  /** Open values of records from a team's gap profile (gap-profile-choices.ts). */
  gapChoices?: GapChoices | undefined;
}

export class MockSession {
  state: MockState;
  /** The last service calls this session answered (GET /__mock/requests); a reset empties it. */
  readonly journal = new RequestJournal();
  /** Time of the last request that named this session (idle sessions are dropped, runtime.ts). */
  lastUsed = Date.now();
  /** Set when the state was (re)created from a seed and a state file has not written it yet (null: the default seed). */
  pendingFresh: MockSeed | null | undefined;
  /**
   * The token of the import the state comes from (undefined after a reset): a state file writes it
   * with the import's records, and a restart finishes that import's files or turns back any other's.
   */
  importId: string | undefined;
  /** With the PostgreSQL store: the fence this node claimed the session with (its writes carry it). */
  fence: number | undefined;
  /**
   * With the PostgreSQL store, while parts of the session's stored image are not fetched yet:
   * fetches the rest (a request that does not name the parts it reads waits for it before its rule).
   */
  fetchRest: (() => Promise<void>) | undefined;
  /** With the PostgreSQL store, while that image is held: lets it go (a reset or import replaced the state: nothing more of it is fetched). */
  releaseImage: (() => void) | undefined;
  /** The import or reset under way: they take their turn (one set of folders aside at a time). */
  private replacing: Promise<unknown> = Promise.resolve();
  /** Set once the session left its runtime (`retire`). */
  private retired = false;
  private readonly manualClock: boolean;
  private readonly gapChoices: GapChoices | undefined;
  private readonly durable: ((session: MockSession) => Promise<void>) | undefined;
  private readonly keep: ((state: MockState) => void) | undefined;

  readonly id: string;
  readonly storage: UploadStorage;
  private readonly onTouch: (session: MockSession) => void;

  constructor(
    id: string,
    storage: UploadStorage,
    seed: MockSeed | undefined,
    onTouch: (session: MockSession) => void,
    { restoring = false, durable, keep, manualClock = false, gapChoices }: SessionOptions = {},
  ) {
    this.gapChoices = gapChoices;
    this.durable = durable;
    this.keep = keep;
    this.manualClock = manualClock;
    this.id = id;
    this.storage = storage;
    this.onTouch = onTouch;
    this.state = this.stateFor(seed, restoring);
    if (!restoring) this.pendingFresh = seed ?? null;
  }

  /**
   * A new state of `seed`: its records, or none when a store puts back every record itself
   * (`restoring`). `quietUntilCurrent`: its changes tell the session nothing until it is the
   * session's state (an import fills it over many turns while the body arrives: each would have
   * the store write the state before it).
   */
  private stateFor(seed: MockSeed | undefined, restoring = false, quietUntilCurrent = false): MockState {
    const resolved = resolveSeed(seed);
    const state: MockState = new MockState(resolved, {
      runJob,
      sessionId: this.id,
      onTouch: () => {
        if (!quietUntilCurrent || this.state === state) this.onTouch(this);
      },
      manualClock: this.manualClock,
      ...(this.gapChoices ? { gapChoices: this.gapChoices } : {}),
      // Deterministic only when asked: counter-based ids and a clock from the seed's startTime.
      ...(resolved.startTime !== undefined ? { ids: deterministicIds(resolved.startTime) } : {}),
      ...(this.durable ? { durable: () => this.durable!(this) } : {}),
    });
    this.keep?.(state);
    if (!restoring) addSeedProjects(state);
    return state;
  }

  /** Replaces this session's state; throws (leaving the old state) when the seed is inconsistent. */
  async reset(seed?: MockSeed): Promise<void> {
    // In turn with imports: a reset during an import's swap would be undone by its rollback.
    const turn = this.replacing.then(() => this.startAgain(seed, this.stateFor(seed)));
    this.replacing = turn.catch(() => undefined);
    await turn;
  }

  /** A new state of `seed` without the seed's projects, for an import to put its records into (`replace` takes it). */
  importState(seed: MockSeed | undefined): MockState {
    return this.stateFor(seed, true, true);
  }

  /**
   * Replaces this session's state by `next` (an imported session's, from `importState(seed)`) and
   * its files by `staged`, in one step: the staged folders take the place of the session's (two
   * renames); with a store, the new state is written before this resolves. Any failure (the disk
   * at the rename, the store) leaves the session as it was: its state, processing and files.
   */
  async replace(seed: MockSeed | undefined, next: MockState, staged?: StagedImport): Promise<void> {
    const turn = this.replacing.then(() => this.replaceNow(seed, next, staged));
    this.replacing = turn.catch(() => undefined);
    return turn;
  }

  private async replaceNow(seed: MockSeed | undefined, next: MockState, staged?: StagedImport) {
    let swap: FilesSwap;
    try {
      // What an earlier import left (its clean-up failed) is settled first, as the records now say.
      await this.storage.settleImports?.(this.importId);
      swap = await this.storage.swapIn(staged);
    } catch (error) {
      next.scheduler.cancelAll();
      throw error;
    }
    const before = { state: this.state, pendingFresh: this.pendingFresh, importId: this.importId };
    // The state before keeps running until the new one is written: a failure goes back to it as it is.
    this.state = next;
    this.pendingFresh = seed ?? null;
    this.importId = staged?.token;
    this.onTouch(this);
    try {
      await this.durable?.(this);
    } catch (error) {
      next.scheduler.cancelAll();
      next.webhooks.abortAll();
      this.state = before.state;
      this.pendingFresh = before.pendingFresh;
      this.importId = before.importId;
      this.onTouch(this);
      // Dropped meanwhile (the PostgreSQL store drops a session whose write failed): nothing more runs.
      if (this.retired) this.stop();
      await swap.undo();
      throw error;
    }
    before.state.scheduler.cancelAll();
    before.state.webhooks.abortAll();
    this.releaseImage?.();
    this.journal.clear();
    await swap.finish();
  }

  /** Starts the session again from `seed` as `next`: no processing, files or journal of before (a state file starts it again here too). */
  private async startAgain(seed: MockSeed | undefined, next: MockState): Promise<void> {
    this.stop();
    // Settled while the records still name the last import: then nothing of it outlives the reset.
    await this.storage.settleImports?.(this.importId);
    await this.storage.clear();
    this.state = next;
    this.releaseImage?.();
    this.importId = undefined;
    this.journal.clear();
    this.pendingFresh = seed ?? null;
    this.onTouch(this);
  }

  /** Finishes all processing now and waits for the webhook deliveries it causes. */
  async settle(): Promise<SettleSummary> {
    const { scheduler, webhooks } = this.state;
    const deliveredBefore = webhooks.delivered;
    const jobsRun = settle(scheduler);
    await drainDeliveries(this.state);
    return { jobsRun, deliveries: webhooks.delivered - deliveredBefore };
  }

  /** Resolves once every part of the session's stored image is at hand (at once when none is to be fetched). */
  async whole(): Promise<void> {
    await this.fetchRest?.();
  }

  /** Ends processing and removes the session's files. */
  async close(): Promise<void> {
    this.retire();
    await this.storage.destroy();
  }

  /** The session left its runtime (dropped, moved to another node): processing ends for good. */
  retire(): void {
    this.retired = true;
    this.stop();
  }

  /** Ends processing (timers, deliveries under way), keeping the state and files. */
  stop(): void {
    this.state.scheduler.cancelAll();
    this.state.webhooks.abortAll();
  }
}
