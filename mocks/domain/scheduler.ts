// Simulated processing time. Every state move of an analysis or fund run is a job due after a
// delay; `settle()` runs all due and future jobs at once (POST /__mock/settle), in due order,
// including jobs that earlier jobs schedule.
interface Job {
  due: number;
  seq: number;
  run: () => void;
  timer: NodeJS.Timeout;
}

export class Scheduler {
  private readonly jobs = new Map<number, Job>();
  private seq = 0;

  /** `ran` is called after every job: each one changes the state. */
  constructor(private readonly ran: () => void = () => {}) {}

  schedule(delayMs: number, run: () => void): void {
    const seq = ++this.seq;
    const timer = setTimeout(() => {
      this.jobs.delete(seq);
      run();
      this.ran();
    }, Math.max(0, delayMs));
    timer.unref();
    this.jobs.set(seq, { due: Date.now() + delayMs, seq, run, timer });
  }

  get pending(): number {
    return this.jobs.size;
  }

  settle(): number {
    let ran = 0;
    for (;;) {
      const next = this.earliest();
      if (!next) return ran;
      clearTimeout(next.timer);
      this.jobs.delete(next.seq);
      next.run();
      this.ran();
      ran += 1;
    }
  }

  cancelAll(): void {
    for (const job of this.jobs.values()) clearTimeout(job.timer);
    this.jobs.clear();
  }

  /** The job due first (the earlier scheduled among equals), found in one pass: settle asks once per job it runs. */
  private earliest(): Job | undefined {
    let first: Job | undefined;
    for (const job of this.jobs.values()) {
      if (!first || job.due < first.due || (job.due === first.due && job.seq < first.seq)) first = job;
    }
    return first;
  }
}
