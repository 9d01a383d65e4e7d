import { afterEach, describe, expect, it } from 'vitest';
import { advance, pendingCount, settle } from '../../src/control/processing-clock.ts';
import { Scheduler } from '../../src/domain/scheduler.ts';
import { pendingSeqs, restoreJobs, storedJob } from '../../src/persistence/pending-jobs.ts';

const NO_HOOKS = { ran: () => {}, changed: () => {} };
const scheduler = new Scheduler<() => void>({ run: (job) => job(), ...NO_HOOKS });
afterEach(() => scheduler.cancelAll());

describe('Scheduler', () => {
  it('settle runs every job in due order, including jobs scheduled by jobs', () => {
    const ran: string[] = [];
    scheduler.schedule(60_000, () => ran.push('late'));
    scheduler.schedule(30_000, () => {
      ran.push('early');
      scheduler.schedule(90_000, () => ran.push('chained'));
    });
    expect(pendingCount(scheduler)).toBe(2);
    expect(settle(scheduler)).toBe(3);
    expect(ran).toEqual(['early', 'late', 'chained']);
    expect(pendingCount(scheduler)).toBe(0);
  });

  it('runs jobs by itself when they are due, and cancelAll drops the rest', async () => {
    const ran: string[] = [];
    scheduler.schedule(5, () => ran.push('soon'));
    scheduler.schedule(60_000, () => ran.push('never'));
    await new Promise((r) => setTimeout(r, 40));
    expect(ran).toEqual(['soon']);
    scheduler.cancelAll();
    expect(settle(scheduler)).toBe(0);
    expect(ran).toEqual(['soon']);
  });

  it('reports every job added and removed, and runs a restored job that is overdue at once', async () => {
    const changed: number[] = [];
    const ran: string[] = [];
    const tracked = new Scheduler<string>({
      ...NO_HOOKS,
      run: (job) => ran.push(job),
      changed: (seq) => changed.push(seq),
    });
    const due = Date.now() - 1_000;
    restoreJobs(tracked, [[7, { due, job: 'overdue' }]]);
    tracked.schedule(60_000, 'later');
    expect(pendingSeqs(tracked)).toEqual([7, 8]);
    expect(storedJob(tracked, 7)).toEqual({ due, job: 'overdue' });
    await new Promise((r) => setTimeout(r, 20));
    expect(ran).toEqual(['overdue']);
    expect(storedJob(tracked, 7)).toBeUndefined();
    tracked.cancelAll();
    expect(changed).toEqual([7, 8, 7]);
  });

  it('on a manual clock runs nothing by itself: advance moves exactly, settle runs the rest', async () => {
    const ran: string[] = [];
    const manual = new Scheduler<string>({ run: (job) => ran.push(job), ...NO_HOOKS, manual: true });
    manual.schedule(5, 'first');
    manual.schedule(10, 'second');
    await new Promise((r) => setTimeout(r, 40));
    expect(ran).toEqual([]);
    expect(advance(manual, 4)).toBe(0);
    expect(advance(manual, -100)).toBe(0);
    expect(advance(manual, 1)).toBe(1);
    expect(settle(manual)).toBe(1);
    expect(ran).toEqual(['first', 'second']);
  });
});
