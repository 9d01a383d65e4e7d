// The history judgement shared by webhooks.history-ten-most-recent and the oracle: every answer the
// specification allows with the retry policy not shown (a delivery received twice, recorded once or
// per attempt, a failed attempt recorded) follows; a stale history, a Success the receiver never
// got, an entry for an event never sent, or older entries kept over newer ones do not.
import { describe, expect, it } from 'vitest';
import { type HistoryEntry, newEntries, type Receipt } from '../../src/live/delivery-history.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 6, 0, s)).toISOString();
const entry = (event: string, s: number, status = 'Success'): HistoryEntry => ({ event, status, createdAt: at(s) });
const got = (event: string, id: string): Receipt => ({ event, body: JSON.stringify({ event, data: { id } }) });

const before = [entry('analysisCompleted', 3), entry('analysisCompleted', 2), entry('changedStatus', 1)];
const a = got('analysisCompleted', 'a');
const c = got('changedStatus', 'c');

describe('a history read after some deliveries', () => {
  it.each<[string, Receipt[], HistoryEntry[], number]>([
    ['one entry per delivery', [a, c], [entry('changedStatus', 5), entry('analysisCompleted', 4), ...before], 2],
    ['a delivery received twice, recorded once', [a, a], [entry('analysisCompleted', 4), ...before], 1],
    [
      'a delivery received twice, recorded per attempt',
      [a, a],
      [entry('analysisCompleted', 5), entry('analysisCompleted', 4), ...before],
      2,
    ],
    [
      'a failed attempt recorded before the one received',
      [a],
      [entry('analysisCompleted', 5), entry('analysisCompleted', 4, 'Error Request'), ...before],
      2,
    ],
    ['nothing delivered', [], before, 0],
  ])('follows: %s', (_, fresh, after, n) => {
    expect(newEntries(before, fresh, after)).toBe(n);
  });

  it.each<[string, Receipt[], HistoryEntry[]]>([
    ['the history read before, served again', [a], before],
    [
      'a Success more often than received',
      [a],
      [entry('analysisCompleted', 5), entry('analysisCompleted', 4), ...before],
    ],
    ['an event the receiver never got', [a], [entry('changedStatus', 5), entry('analysisCompleted', 4), ...before]],
    ['a delivery left out', [a, c], [entry('analysisCompleted', 4), ...before]],
    ['a newer earlier entry dropped, an older one kept', [a], [entry('analysisCompleted', 4), before[0]!, before[2]!]],
  ])('does not follow: %s', (_, fresh, after) => {
    expect(newEntries(before, fresh, after)).toBeUndefined();
  });

  it('needs no entry for a repeat of a delivery received before the first read', () => {
    expect(newEntries(before, [a], before, [a])).toBe(0);
    expect(newEntries(before, [a], before)).toBeUndefined();
  });

  it('past 10 new entries, older new ones may be cut: only the bounds are judged', () => {
    const fresh = Array.from({ length: 11 }, (_, i) => got('analysisCompleted', `x${i}`));
    const after = Array.from({ length: 10 }, (_, i) => entry('analysisCompleted', 30 - i));
    expect(newEntries(before, fresh, after)).toBe(10);
    expect(newEntries(before, fresh, after.slice(0, 9))).toBeUndefined();
  });
});
