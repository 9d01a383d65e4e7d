// Simulated processing time. Every state move of an analysis or fund run is a job due after a
// delay; on the real clock a job runs by itself when due, on a manual clock (`manual: true`) it
// waits for the control API. Jobs are plain data (`J`), run by one function. What only the control
// API does (settle, advance: `../control/processing-clock.ts`) and what only a state file does
// (keep and restore pending jobs: `../persistence/pending-jobs.ts`) works through the narrow
// interface below: `pendingJobs`, `pendingJob`, `runNow`, `addAt`, `moveClock`.

/** A job waiting for its time. */
export interface PendingJob<J> {
  readonly due: number;
  readonly seq: number;
  readonly job: J;
}

interface Job<J> extends PendingJob<J> {
  /** Absent on a manual clock. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface SchedulerHooks<J> {
  /** Runs a job that is due. */
  run: (job: J) => void;
  /** Called after every job: each one changes the state. */
  ran: () => void;
  /** A job was added or removed (by its seq). */
  changed: (seq: number) => void;
  /** Jobs run only when the control API says: the clock stands still from the scheduler's creation. */
  manual?: boolean;
}

export class Scheduler<J> {
  private readonly jobs = new Map<number, Job<J>>();
  /** The seq of the last job scheduled (kept by a state file so seqs never repeat). */
  lastSeq = 0;

  private readonly hooks: SchedulerHooks<J>;
  /** How far `moveClock` has moved this scheduler's clock past the real one (ms). */
  private offset = 0;
  /** On a manual clock, the time it stands at before any move (the real time at creation). */
  private readonly start: number | undefined;
  /** This scheduler's time (ms since the epoch): the real one plus what was moved, or the manual clock's. */
  now(): number {
    return (this.start ?? Date.now()) + this.offset;
  }

  constructor(hooks: SchedulerHooks<J>) {
    this.hooks = hooks;
    if (hooks.manual) this.start = Date.now();
  }

  schedule(delayMs: number, job: J): void {
    this.addAt(++this.lastSeq, this.now() + Math.max(0, delayMs), job);
  }

  /** The pending jobs, in the order they were added. */
  pendingJobs(): IterableIterator<PendingJob<J>> {
    return this.jobs.values();
  }

  /** A pending job by its seq (undefined once run or cancelled). */
  pendingJob(seq: number): PendingJob<J> | undefined {
    return this.jobs.get(seq);
  }

  /** Runs a pending job now instead of at its time (`seq` one of `pendingJobs`'). */
  runNow(seq: number): void {
    const entry = this.jobs.get(seq)!;
    clearTimeout(entry.timer);
    this.run(entry);
  }

  /** Moves this scheduler's clock `ms` ahead (runs nothing). */
  moveClock(ms: number): void {
    this.offset += ms;
  }

  cancelAll(): void {
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    this.jobs.clear();
  }

  /** Adds a job of a given seq, due at `due` (ms since the epoch; at once when past). */
  addAt(seq: number, due: number, job: J): void {
    const timer =
      this.start === undefined ? setTimeout(() => this.run(entry), Math.max(0, due - this.now())) : undefined;
    // Node: a pending job does not keep the process alive (a browser's timers have no unref).
    (timer as { unref?: () => void } | undefined)?.unref?.();
    const entry: Job<J> = { due, seq, job, timer };
    this.jobs.set(seq, entry);
    this.hooks.changed(seq);
  }

  private run(entry: Job<J>): void {
    this.jobs.delete(entry.seq);
    this.hooks.changed(entry.seq);
    this.hooks.run(entry.job);
    this.hooks.ran();
  }
}
