// Simulated processing time. Every state move of an analysis or fund run is a job due after a
// delay; `settle()` runs all due and future jobs at once (POST /__mock/settle), in due order,
// including jobs that earlier jobs schedule. On the real clock a job also runs by itself when due;
// on a manual clock (`manual: true`) nothing moves but `advance(ms)` and `settle()`. Jobs are plain data (`J`), run by one function, so a
// state file can keep the pending ones and a restarted mock resumes them (persistence/).
interface Job<J> {
  due: number;
  seq: number;
  job: J;
  /** Absent on a manual clock. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

export interface SchedulerHooks<J> {
  /** Runs a job that is due. */
  run: (job: J) => void;
  /** Called after every job: each one changes the state. */
  ran?: () => void;
  /** A job was added or removed (by its seq). */
  changed?: (seq: number) => void;
  /** Jobs run only by `advance` and `settle`: the clock stands still from the scheduler's creation. */
  manual?: boolean;
}

export class Scheduler<J> {
  private readonly jobs = new Map<number, Job<J>>();
  /** The seq of the last job scheduled (kept by a state file so seqs never repeat). */
  lastSeq = 0;

  private readonly hooks: SchedulerHooks<J>;
  /** How far `advance` has moved this scheduler's clock past the real one (ms). */
  private offset = 0;
  /** On a manual clock, the time it stands at before any `advance` (the real time at creation). */
  private readonly start: number | undefined;
  /** This scheduler's time (ms since the epoch): the real one plus what was advanced, or the manual clock's. */
  now(): number {
    return (this.start ?? Date.now()) + this.offset;
  }

  constructor(hooks: SchedulerHooks<J>) {
    this.hooks = hooks;
    if (hooks.manual) this.start = Date.now();
  }

  schedule(delayMs: number, job: J): void {
    this.add(++this.lastSeq, this.now() + Math.max(0, delayMs), job);
  }

  /** A job read back from a state file, due at `due` (ms since the epoch; at once when past). */
  restore(seq: number, due: number, job: J): void {
    this.lastSeq = Math.max(this.lastSeq, seq);
    this.add(seq, due, job);
  }

  get pending(): number {
    return this.jobs.size;
  }

  /** A pending job (undefined once run or cancelled). */
  get(seq: number): { due: number; job: J } | undefined {
    const found = this.jobs.get(seq);
    return found && { due: found.due, job: found.job };
  }

  seqs(): number[] {
    return [...this.jobs.keys()];
  }

  /**
   * Moves this scheduler's clock `ms` ahead and runs the jobs due by then, in due order (with the jobs
   * they schedule, when due too): what a test's fake clock does, without waiting. Answers the jobs run.
   */
  advance(ms: number): number {
    this.offset += Math.max(0, ms);
    let ran = 0;
    for (;;) {
      const next = this.earliest();
      if (!next || next.due > this.now()) return ran;
      clearTimeout(next.timer);
      this.runNow(next);
      ran += 1;
    }
  }

  settle(): number {
    let ran = 0;
    for (;;) {
      const next = this.earliest();
      if (!next) return ran;
      clearTimeout(next.timer);
      this.runNow(next);
      ran += 1;
    }
  }

  cancelAll(): void {
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    this.jobs.clear();
  }

  private add(seq: number, due: number, job: J): void {
    const timer =
      this.start === undefined ? setTimeout(() => this.runNow(entry), Math.max(0, due - this.now())) : undefined;
    // Node: a pending job does not keep the process alive (a browser's timers have no unref).
    (timer as { unref?: () => void } | undefined)?.unref?.();
    const entry: Job<J> = { due, seq, job, timer };
    this.jobs.set(seq, entry);
    this.hooks.changed?.(seq);
  }

  private runNow(entry: Job<J>): void {
    this.jobs.delete(entry.seq);
    this.hooks.changed?.(entry.seq);
    this.hooks.run(entry.job);
    this.hooks.ran?.();
  }

  /** The job due first (the earlier scheduled among equals), found in one pass: settle asks once per job it runs. */
  private earliest(): Job<J> | undefined {
    let first: Job<J> | undefined;
    for (const job of this.jobs.values()) {
      if (!first || job.due < first.due || (job.due === first.due && job.seq < first.seq)) first = job;
    }
    return first;
  }
}
