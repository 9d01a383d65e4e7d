// Which records of a kept session changed since its store last wrote them, as `kind\tkey`: every
// table's sets and deletes and every change noted in place (`MockState.changed`). Records read back
// from a store are put in untracked: they are what the store holds already (noting 200,000 of them
// to clear them next cost a tenth of a big session's read).
import type { MockState, RecordKind } from '../domain/state.ts';
import type { TrackedMap } from '../domain/tracked-map.ts';

interface Tracker {
  readonly changed: Set<string>;
  /** Sets that note every change too, however often `changed` is taken (watchChanges). */
  readonly watchers: Set<Set<string>>;
  paused: boolean;
}

const trackers = new WeakMap<MockState, Tracker>();

/** Tracks a new state's changes from now on. */
export function trackChanges(state: MockState): void {
  const tracker: Tracker = { changed: new Set(), watchers: new Set(), paused: false };
  trackers.set(state, tracker);
  state.onChange = (kind, key) => {
    if (tracker.paused) return;
    tracker.changed.add(`${kind}\t${key}`);
    for (const watcher of tracker.watchers) watcher.add(`${kind}\t${key}`);
  };
  const tables: [RecordKind, TrackedMap<unknown>][] = [
    ['project', state.projects],
    ['analysis', state.analyses],
    ['folder', state.folders],
    ['fundRun', state.fundRuns],
    ['webhook', state.webhookConfigs],
  ];
  for (const [kind, table] of tables) table.onChange = (key) => state.changed(kind, key);
}

/** The records changed since they were last taken (undefined when the state is not tracked); callers clear it. */
export function changedRecords(state: MockState): Set<string> | undefined {
  return trackers.get(state)?.changed;
}

/**
 * Notes the records changed from now on (as `kind\tkey`) until `stop`, whatever writes take
 * meanwhile: a compaction writes them over the image it builds while the session goes on.
 */
export function watchChanges(state: MockState): { changed: Set<string>; stop(): void } {
  const tracker = trackers.get(state);
  const changed = new Set<string>();
  tracker?.watchers.add(changed);
  return { changed, stop: () => tracker?.watchers.delete(changed) };
}

/** Runs `fill` without noting what it changes. */
export function untracked(state: MockState, fill: () => void): void {
  const tracker = trackers.get(state);
  if (tracker) tracker.paused = true;
  try {
    fill();
  } finally {
    if (tracker) tracker.paused = false;
  }
}
