// The webhook history as the specification fixes it ("the 10 most recent deliveries, newest first")
// and the wait for a receiver to go quiet, shared by the catalogue's history rule and the oracle.
// The retry policy is not shown: a delivery may reach the receiver more than once, and a service
// may record one entry per delivery or one per attempt (a failed attempt included), so the history
// is judged by bounds, not one entry for one receipt.
import { sleep } from './answers.ts';
import type { Delivery } from './receiver.ts';

export const HISTORY_LENGTH = 10;

/** The fields of a history entry the comparison reads. */
export interface HistoryEntry {
  event: string;
  status?: string;
  createdAt?: string;
}

/** A receipt as the history is judged by: its event, and its body (a repeat of a delivery sends the same body). */
export interface Receipt {
  event: string;
  body: string;
}

const key = (d: HistoryEntry) => `${d.event}|${d.status}|${d.createdAt}`;
const count = <T>(list: T[], of: (item: T) => string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const item of list) counts.set(of(item), (counts.get(of(item)) ?? 0) + 1);
  return counts;
};

/** What a receiver got, as receipts. */
export const receipts = (received: readonly Delivery[]): Receipt[] =>
  received.map((d) => {
    const body = d.body as { event?: unknown } | null;
    return { event: String(typeof body === 'object' && body !== null ? body.event : ''), body: JSON.stringify(d.body) };
  });

/** The deliveries among `fresh` whose body the receiver had not got before (a repeat is the same delivery). */
export function newDeliveries(fresh: Receipt[], earlier: Receipt[] = []): Receipt[] {
  const seen = new Set(earlier.map((r) => r.body));
  const first: Receipt[] = [];
  for (const r of fresh) {
    if (seen.has(r.body)) continue;
    seen.add(r.body);
    first.push(r);
  }
  return first;
}

/**
 * How many entries at the head of a history read after some deliveries are new, if it follows from
 * the one read before; undefined if it does not. It follows when it is some new entries, then the
 * newest entries of the earlier history, 10 at most, where the new entries:
 * - name only events the receiver got, and hold no more `Success` entries of an event than the
 *   receiver got copies of it (a Success is an attempt the receiver answered);
 * - unless they fill all 10 (then older new ones may be cut), hold at least one entry for each new
 *   delivery (one per delivery, or one per attempt: either is allowed).
 * Their order among themselves is left to the times.
 */
export function newEntries(
  before: HistoryEntry[],
  fresh: Receipt[],
  after: HistoryEntry[],
  earlier: Receipt[] = [],
): number | undefined {
  const copies = count(fresh, (r) => r.event);
  const deliveries = count(newDeliveries(fresh, earlier), (r) => r.event);
  const allowed = (entries: HistoryEntry[]) => {
    if (!entries.every((d) => copies.has(d.event))) return false;
    const all = count(entries, (d) => d.event);
    const successes = count(
      entries.filter((d) => d.status === 'Success'),
      (d) => d.event,
    );
    if ([...successes].some(([event, n]) => n > (copies.get(event) ?? 0))) return false;
    return entries.length === HISTORY_LENGTH || [...deliveries].every(([event, n]) => (all.get(event) ?? 0) >= n);
  };
  for (let n = 0; n <= after.length; n += 1) {
    if (after.length !== Math.min(HISTORY_LENGTH, before.length + n)) continue;
    const kept = JSON.stringify(after.slice(n).map(key)) === JSON.stringify(before.slice(0, after.length - n).map(key));
    if (kept && allowed(after.slice(0, n))) return n;
  }
  return undefined;
}

/** Whether a history read after some deliveries follows from the one read before (see `newEntries`). */
export function historyFollows(
  before: HistoryEntry[],
  fresh: Receipt[],
  after: HistoryEntry[],
  earlier: Receipt[] = [],
): boolean {
  return newEntries(before, fresh, after, earlier) !== undefined;
}

/** The step of a quiet wait: the poll interval, kept between 50 and 250 ms (a delivery under way arrives within moments). */
export const quietStep = (pollIntervalMs: number) => Math.min(250, Math.max(50, pollIntervalMs));

/** Waits until a receiver got nothing new for two polls (at most `ms`): deliveries of earlier calls are in. */
export async function quiet(received: readonly unknown[], ms: number, everyMs: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (let still = 0, seen = -1; still < 2 && Date.now() < deadline; ) {
    still = received.length === seen ? still + 1 : 0;
    seen = received.length;
    await sleep(everyMs);
  }
}
