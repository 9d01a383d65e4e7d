// A session's pending processing jobs as a state file (or the database, or an export) keeps them:
// each by its seq, with its due time; read back, they are scheduled again under the same seqs.
import type { Scheduler } from '../domain/scheduler.ts';

export interface StoredJob<J> {
  due: number;
  job: J;
}

/** A pending job as kept (undefined once run or cancelled). */
export function storedJob<J>(scheduler: Scheduler<J>, seq: number): StoredJob<J> | undefined {
  const found = scheduler.pendingJob(seq);
  return found && { due: found.due, job: found.job };
}

/** The seqs of the pending jobs. */
export function pendingSeqs<J>(scheduler: Scheduler<J>): number[] {
  return [...scheduler.pendingJobs()].map((pending) => pending.seq);
}

/** Schedules jobs read back (at once when their time is past); later seqs never repeat theirs. */
export function restoreJobs<J>(scheduler: Scheduler<J>, jobs: Iterable<[number, StoredJob<J>]>): void {
  for (const [seq, { due, job }] of jobs) {
    scheduler.lastSeq = Math.max(scheduler.lastSeq, seq);
    scheduler.addAt(seq, due, job);
  }
}
