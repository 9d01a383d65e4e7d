// The webhook history as the specification fixes it ("the 10 most recent deliveries, newest first")
// and the wait for a receiver to go quiet, shared by the catalogue's history rule and the oracle.
import { sleep } from './answers.ts';

export const HISTORY_LENGTH = 10;

/** The fields of a history entry the comparison reads. */
export interface HistoryEntry {
  event: string;
  status?: string;
  createdAt?: string;
}

const key = (d: HistoryEntry) => `${d.event}|${d.status}|${d.createdAt}`;
const sortedEvents = (events: string[]) => JSON.stringify([...events].sort());

/**
 * Whether a history read after some deliveries follows from the one read before: the new deliveries'
 * events (as many as fit in 10; their order among themselves is left to the times) first, then the
 * newest entries of the earlier history, 10 at most.
 */
export function historyFollows(before: HistoryEntry[], freshEvents: string[], after: HistoryEntry[]): boolean {
  const n = Math.min(HISTORY_LENGTH, freshEvents.length);
  return (
    after.length === Math.min(HISTORY_LENGTH, before.length + freshEvents.length) &&
    sortedEvents(after.slice(0, n).map((d) => d.event)) === sortedEvents(freshEvents.slice(-n)) &&
    JSON.stringify(after.slice(n).map(key)) === JSON.stringify(before.slice(0, HISTORY_LENGTH - n).map(key))
  );
}

/** Waits until a receiver got nothing new for two polls (at most `ms`): deliveries of earlier calls are in. */
export async function quiet(received: readonly unknown[], ms: number, everyMs: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (let still = 0, seen = -1; still < 2 && Date.now() < deadline; ) {
    still = received.length === seen ? still + 1 : 0;
    seen = received.length;
    await sleep(everyMs);
  }
}
