// One session of the mock: an isolated world (state and uploaded files) that a reset replaces,
// with the control operations that act on it as a whole (reset, settle, close).
import { resolveSeed } from './domain/default-seed.ts';
import type { MockSeed } from './domain/seed.ts';
import { runJob } from './domain/jobs.ts';
import { MockState } from './domain/state.ts';
import { RequestJournal } from './sessions/request-journal.ts';
import type { UploadStorage } from './uploads/folder-storage.ts';

export interface SettleSummary {
  /** Scheduled state moves run by this settle. */
  jobsRun: number;
  /** Webhook deliveries that got an outcome while it waited. */
  deliveries: number;
}

export interface SessionOptions {
  /** Tracks changed records for a state file. */
  track?: boolean;
  /** Kept sessions: resolves once this session's changes so far are durable. */
  durable?: (session: MockSession) => Promise<void>;
  /** Read back from a state file: starts without the seed's projects. */
  restoring?: boolean;
  /** Processing moves only by `advance` and `settle` (the MSW handlers' `clock: 'manual'`). */
  manualClock?: boolean;
}

export class MockSession {
  state: MockState;
  /** The last service calls this session answered (GET /__mock/requests); a reset empties it. */
  readonly journal = new RequestJournal();
  /** Time of the last request that named this session (idle sessions are dropped, runtime.ts). */
  lastUsed = Date.now();
  /** Set when the state was (re)created from a seed and a state file has not written it yet (null: the default seed). */
  pendingFresh: MockSeed | null | undefined;
  /** With the PostgreSQL store: the fence this node claimed the session with (its writes carry it). */
  fence: number | undefined;
  private readonly track: boolean;
  private readonly manualClock: boolean;
  private readonly durable: ((session: MockSession) => Promise<void>) | undefined;

  readonly id: string;
  readonly storage: UploadStorage;
  private readonly onTouch: (session: MockSession) => void;

  constructor(
    id: string,
    storage: UploadStorage,
    seed: MockSeed | undefined,
    onTouch: (session: MockSession) => void,
    { track = false, restoring = false, durable, manualClock = false }: SessionOptions = {},
  ) {
    this.durable = durable;
    this.manualClock = manualClock;
    this.id = id;
    this.storage = storage;
    this.onTouch = onTouch;
    this.track = track;
    this.state = this.stateFor(seed, restoring);
    if (!restoring) this.pendingFresh = seed ?? null;
  }

  private stateFor(seed: MockSeed | undefined, restoring = false): MockState {
    return new MockState(resolveSeed(seed), {
      runJob,
      sessionId: this.id,
      onTouch: () => this.onTouch(this),
      track: this.track,
      restoring,
      manualClock: this.manualClock,
      ...(this.durable ? { durable: () => this.durable!(this) } : {}),
    });
  }

  /** Replaces this session's state; throws (leaving the old state) when the seed is inconsistent. */
  async reset(seed?: MockSeed): Promise<void> {
    await this.startAgain(seed, this.stateFor(seed));
  }

  /**
   * Replaces this session's state by one read from records (an imported session): `fill` puts
   * them into a state of `seed` without the seed's projects. Throws, leaving the old state, when
   * the seed or records are inconsistent.
   */
  async replace(
    seed: MockSeed | undefined,
    fill: (state: MockState) => void,
    addFiles?: () => Promise<void>,
  ): Promise<void> {
    const next = this.stateFor(seed, true);
    try {
      fill(next);
    } catch (error) {
      next.scheduler.cancelAll();
      throw error;
    }
    await this.startAgain(seed, next, addFiles);
  }

  /**
   * Starts the session again from `seed` as `next`: no processing, files or journal of before (a
   * state file starts it again here too). `addFiles` puts the new state's files in once the old
   * ones are gone, before the new state is written.
   */
  private async startAgain(seed: MockSeed | undefined, next: MockState, addFiles?: () => Promise<void>): Promise<void> {
    this.stop();
    await this.storage.clear();
    await addFiles?.();
    this.state = next;
    this.journal.clear();
    this.pendingFresh = seed ?? null;
    this.onTouch(this);
  }

  /** Finishes all processing now and waits for the webhook deliveries it causes. */
  async settle(): Promise<SettleSummary> {
    const { scheduler, webhooks } = this.state;
    const deliveredBefore = webhooks.delivered;
    const jobsRun = scheduler.settle();
    await webhooks.drain();
    return { jobsRun, deliveries: webhooks.delivered - deliveredBefore };
  }

  /** Ends processing and removes the session's files. */
  async close(): Promise<void> {
    this.stop();
    await this.storage.destroy();
  }

  /** Ends processing (timers, deliveries under way), keeping the state and files. */
  stop(): void {
    this.state.scheduler.cancelAll();
    this.state.webhooks.abortAll();
  }
}
