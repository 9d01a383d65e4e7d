// The control API's hold on processing time: `settle` runs every pending job now
// (POST /__mock/settle), `advance` moves a session's clock and runs the jobs due by then
// (POST /__mock/clock, the MSW handlers' manual clock). Both run in due order, the earlier
// scheduled first among equals, including the jobs that earlier jobs schedule.
import type { PendingJob, Scheduler } from '../domain/scheduler.ts';

/** Runs every pending job now, and those they schedule; answers how many ran. */
export function settle<J>(scheduler: Scheduler<J>): number {
  return runInOrder(scheduler, () => Number.POSITIVE_INFINITY);
}

/** Moves the scheduler's clock `ms` ahead (never back) and runs the jobs due by then; answers how many ran. */
export function advance<J>(scheduler: Scheduler<J>, ms: number): number {
  scheduler.moveClock(Math.max(0, ms));
  return runInOrder(scheduler, () => scheduler.now());
}

/** How many jobs wait for their time (the control API's state and settle answers). */
export function pendingCount<J>(scheduler: Scheduler<J>): number {
  return [...scheduler.pendingJobs()].length;
}

function runInOrder<J>(scheduler: Scheduler<J>, dueBy: () => number): number {
  let ran = 0;
  for (;;) {
    const next = earliest(scheduler.pendingJobs());
    if (!next || next.due > dueBy()) return ran;
    scheduler.runNow(next.seq);
    ran += 1;
  }
}

/** The job due first (the earlier scheduled among equals), found in one pass: settle asks once per job it runs. */
function earliest<J>(jobs: Iterable<PendingJob<J>>): PendingJob<J> | undefined {
  let first: PendingJob<J> | undefined;
  for (const job of jobs) {
    if (!first || job.due < first.due || (job.due === first.due && job.seq < first.seq)) first = job;
  }
  return first;
}
