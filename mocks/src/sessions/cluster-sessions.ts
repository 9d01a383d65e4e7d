// The sessions of a node of a cluster (`--store postgres://...`, persistence/postgres/): a session
// is held in memory by the node that owns its lease, claimed from the database on the first
// request that reaches this node while nobody else owns it, and read back from its records there
// (no history is replayed: a node starts without reading any session). A request for a session
// another node owns is forwarded to it (forward.ts). Writes are grouped per session: a request's
// answer waits for the write that holds its changes; a failed write drops the session from memory,
// so the next request reads back what the database holds (the failed request was never answered
// with success). Uploaded files are written with their folder's record and put on the disk of the
// node that claims their session. A session whose rows grew past a threshold is written again as an
// image in its turn among its writes (persistence/postgres/compaction.ts).
import { MockHttpError } from '../http/errors.ts';
import { compactionDue, imageOf } from '../persistence/postgres/compaction.ts';
import {
  ClusterStore,
  IMAGE_PART,
  PartPendingError,
  SessionMovedError,
  StoreUnavailableError,
  type ClusterStoreOptions,
  type SessionWrite,
} from '../persistence/postgres/cluster-store.ts';
import { adoptImage, piecesOf, type LazyImage } from '../persistence/lazy-image.ts';
import { changedRecords, untracked, watchChanges } from '../persistence/change-tracking.ts';
import { outboxOf } from '../persistence/delivery-outbox.ts';
import { fetchRecords } from '../persistence/fetch-parts.ts';
import { restoreJobs } from '../persistence/pending-jobs.ts';
import { applyMeta, applyRecord, metaOf, recordValue, takeChanges } from '../persistence/session-records.ts';
import type { RecordKind } from '../domain/state.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';

const STORE_GAP = 'mock cluster (PostgreSQL store): not part of the service';
/**
 * After a claim, a big session's image parts not asked for yet are fetched in the background after
 * this long: its first request's own parts come first (docs/decisions/2026-11-team-mock-start-up-quiet.md).
 */
const BACKGROUND_FETCH_DELAY_MS = 1_000;

/** 503 in the envelope: the database cannot be reached, or the session is moving between nodes; retry. */
export function storeUnavailable(description: string): MockHttpError {
  return new MockHttpError(503, 'MOCK_STORE_UNAVAILABLE', 'Store unavailable', description, STORE_GAP, {
    'retry-after': '1',
  });
}

export interface ClusterHost {
  /** The sessions this node holds in memory. */
  readonly sessions: Map<string, MockSession>;
  /** Makes a session object: from a seed (new), or empty of the seed's projects (read back). */
  make(id: string, seed: MockSeed | undefined, restoring: boolean): MockSession;
  /** The seed a session never written starts from. */
  readonly startSeed: MockSeed | undefined;
  /** Marks a change of the session: its kept answers are stale. */
  touch(session: string): void;
  /** The session left this node: whatever was kept of it is stale for good. */
  forget(session: string): void;
}

export type Placement = { session: MockSession } | { forward: string };

export class ClusterSessions {
  readonly store: ClusterStore;
  private readonly host: ClusterHost;
  /** Where sessions owned elsewhere were forwarded, until they move (NOTIFY) or a forward fails. */
  private readonly owners = new Map<string, string>();
  private readonly claiming = new Map<string, Promise<Placement>>();
  private readonly chains = new Map<string, Promise<void>>();
  /** Per session, the write queued behind the one under way (not started yet): later commits join it. */
  private readonly waiting = new Map<string, { session: MockSession; force: boolean; done: Promise<void> }>();
  private readonly soon = new Set<MockSession>();
  /** The session whose compaction is under way (at most one per node: compactSoon). */
  private readonly compacting = new Set<string>();
  private readonly compactRows: number | undefined;

  private constructor(store: ClusterStore, host: ClusterHost, compactRows: number | undefined) {
    this.store = store;
    this.host = host;
    this.compactRows = compactRows;
  }

  /** `compactRows`: rows past which a session is written as an image again (compaction.ts; tests make it small). */
  static async open(
    options: Omit<ClusterStoreOptions, 'onMoved'> & { compactRows?: number | undefined },
    host: ClusterHost,
  ): Promise<ClusterSessions> {
    let self: ClusterSessions | undefined;
    const { compactRows, ...storeOptions } = options;
    const store = await ClusterStore.open({ ...storeOptions, onMoved: (id) => self?.moved(id) });
    self = new ClusterSessions(store, host, compactRows);
    return self;
  }

  /**
   * The session in memory when this node owns it; else claimed (read back) or the owner's address.
   * `mayForward` false (a forwarded request) claims or answers 503, never forwards again.
   */
  async place(id: string, mayForward: boolean): Promise<Placement> {
    // A newer release migrated the database: nothing of it is read, written or forwarded from here.
    if (this.store.outdated) throw storeUnavailable(this.store.outdated.message);
    const held = this.host.sessions.get(id);
    if (held && this.store.holds(id)) return { session: held };
    const known = this.owners.get(id);
    if (known && mayForward) return { forward: known };
    let pending = this.claiming.get(id);
    if (!pending) {
      pending = this.claim(id).finally(() => this.claiming.delete(id));
      this.claiming.set(id, pending);
    }
    const placed = await pending;
    if ('forward' in placed && !mayForward)
      throw storeUnavailable(`Session ${id} is owned by another node of the mock cluster; retry`);
    return placed;
  }

  /** A forward to the owner failed: ask the database again next time. */
  forgetOwner(id: string): void {
    this.owners.delete(id);
  }

  private async claim(id: string): Promise<Placement> {
    let claim;
    try {
      claim = await this.store.claim(id);
    } catch (error) {
      throw storeUnavailable((error as Error).message);
    }
    if ('elsewhere' in claim) {
      this.drop(id);
      if (!claim.elsewhere) throw storeUnavailable(`Session ${id} is owned by a node that has not registered; retry`);
      this.owners.set(id, claim.elsewhere);
      return { forward: claim.elsewhere };
    }
    this.owners.delete(id);
    const { owned } = claim;
    const held = this.host.sessions.get(id);
    // Owned by this node all along: what is in memory is what the database holds, and more.
    if (held && held.fence === owned.fence) return { session: held };
    this.drop(id);
    let session: MockSession;
    if (owned.seed === undefined) {
      session = this.host.make(id, this.host.startSeed, false);
    } else {
      session = this.host.make(id, owned.seed ?? undefined, true);
      const jobs = new Map<number, { due: number; job: never }>();
      if (owned.meta) applyMeta(session.state, owned.meta);
      let image: LazyImage | undefined;
      try {
        // Batch by batch: the node answers its other sessions between them.
        for await (const batch of owned.records) {
          if (!Array.isArray(batch)) {
            image = this.fetchedWhenAsked(session, batch);
            // An image's projects and analyses are taken as they are, each built when first touched.
            untracked(session.state, () => adoptImage(session.state, image!));
            continue;
          }
          // Records written since the image apply over it by key: what finds their keys, and the parts
          // of those read back (setting one reads its indexed field), are needed first.
          if (image?.fetch) {
            await fetchRecords(
              session.state.projects,
              batch.filter((op) => op[0] === 'project').map((op) => op[1]),
            );
            await fetchRecords(
              session.state.analyses,
              batch.filter((op) => op[0] === 'analysis').map((op) => op[1]),
            );
          }
          untracked(session.state, () => {
            for (const op of batch) applyRecord(session.state, session.storage, jobs, op);
          });
        }
        // Processing restored, or deliveries to finish, run outside any request: all of it first.
        // (Only asked here: `interrupted()` records their outcomes, after the read-back's changes are cleared.)
        if (jobs.size > 0 || outboxOf(session.state).keys().length > 0) await session.whole();
      } catch (error) {
        claimFailed(session, error);
      }
      restoreJobs(session.state.scheduler, jobs);
      changedRecords(session.state)?.clear();
      // Deliveries its last owner had under way get their outcome here (written with the next change).
      if (outboxOf(session.state).interrupted()) this.commitSoon(session);
      if (session.fetchRest) {
        const rest = session.fetchRest;
        // Not for a session this node has let go meanwhile (dropped, moved).
        const later = () => (this.host.sessions.get(session.id) === session ? rest() : Promise.resolve());
        setTimeout(() => void later().catch(() => {}), BACKGROUND_FETCH_DELAY_MS).unref();
      }
      // Grown by small writes (or a compaction cut short): written as an image once its first requests are served.
      if (compactionDue(this.store.stored(id), this.compactRows))
        setTimeout(() => {
          if (this.host.sessions.get(id) === session) this.compactSoon(session);
        }, BACKGROUND_FETCH_DELAY_MS).unref();
    }
    if (owned.files) {
      try {
        await this.store.readFiles(id, (folderId) => session.storage.folderDir(folderId));
      } catch (error) {
        claimFailed(session, error);
      }
    }
    session.fence = owned.fence;
    this.host.sessions.set(id, session);
    this.host.touch(id);
    return { session };
  }

  /**
   * An image whose parts are fetched when asked (`LazyImage.fetch`): a part read before it is
   * fetched answers 503 (never a wrong answer); a fetch that finds the session moved, or the
   * database away, drops the session from this node (the next request claims it again). Once the
   * tables let the image go (every record built, or a reset cleared them), nothing more is fetched.
   */
  private fetchedWhenAsked(session: MockSession, image: LazyImage): LazyImage {
    const { fetch } = image;
    if (!fetch) return image;
    let current = true;
    let rest: Promise<void> | undefined;
    const guarded = async (wanted: readonly number[]) => {
      if (!current) return;
      try {
        await fetch(wanted);
      } catch (error) {
        if (!current) return;
        if (this.host.sessions.get(session.id) === session) this.drop(session.id);
        throw storeUnavailable(`${(error as Error).message}; retry`);
      }
    };
    const all = piecesOf(image.index);
    session.fetchRest = () =>
      (rest ??= guarded(all).then(
        () => {
          if (session.fetchRest) session.fetchRest = undefined;
        },
        (error) => {
          rest = undefined;
          throw error;
        },
      ));
    const pending = (read: () => unknown) => (): unknown => {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof PartPendingError)) throw error;
        // A rule read what its request did not fetch, and may have changed records before: the
        // session is dropped (nothing of that change is written; the next request reads it back).
        if (current && this.host.sessions.get(session.id) === session) this.drop(session.id);
        throw storeUnavailable(`Session ${session.id} is still being read from the database; retry`);
      }
    };
    const release = () => {
      current = false;
      session.fetchRest = undefined;
      session.releaseImage = undefined;
      image.release?.();
    };
    session.releaseImage = release;
    return {
      index: image.index,
      keys: pending(image.keys),
      sections: image.sections?.map(pending),
      parts: image.parts.map(pending),
      fetch: guarded,
      release,
    };
  }

  /**
   * Resolves once the session's changes so far (with `force`, its meta values at least) are in
   * the database. Writes of one session go in order; every request that asks while one is under
   * way joins the next, which takes all their changes in one statement (group commit).
   */
  commit(session: MockSession, force: boolean): Promise<void> {
    const waiting = this.waiting.get(session.id);
    if (waiting && waiting.session === session) {
      waiting.force ||= force;
      return waiting.done;
    }
    const entry = { session, force, done: Promise.resolve() };
    entry.done = this.inTurn(session.id, () => {
      if (this.waiting.get(session.id) === entry) this.waiting.delete(session.id);
      return this.write(session, entry.force);
    });
    this.waiting.set(session.id, entry);
    return entry.done;
  }

  /** A change outside any request (a job ran, a delivery ended): written on the next turn. */
  commitSoon(session: MockSession): void {
    if (this.soon.size === 0)
      setImmediate(() => {
        const due = [...this.soon];
        this.soon.clear();
        for (const s of due)
          this.commit(s, false).catch((error) =>
            console.error(`portfolio-mock: writing session ${s.id} failed: ${(error as Error).message}`),
          );
      });
    this.soon.add(session);
  }

  /** An idle session: its rows are removed (a later request starts it afresh). */
  async dropped(id: string): Promise<void> {
    await this.store.remove(id).catch(() => {});
  }

  /** Waits for every write under way, then hands every session over and disconnects. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.chains.values()]);
    await this.store.close();
  }

  private async write(session: MockSession, force: boolean): Promise<void> {
    // A session dropped or claimed again since: its object is no longer the one in force.
    if (this.host.sessions.get(session.id) !== session || session.fence === undefined)
      throw storeUnavailable(`Session ${session.id} moved while this request ran; nothing of it was stored`);
    const change = await changesOf(session, force);
    if (!change) return;
    await this.stored(session, change);
    if (compactionDue(this.store.stored(session.id), this.compactRows)) this.compactSoon(session);
  }

  /** Writes one change of the session; a failure drops the session from memory. */
  private async stored(session: MockSession, change: SessionWrite): Promise<void> {
    try {
      await this.store.write(session.id, session.fence!, change);
    } catch (error) {
      this.drop(session.id);
      if (error instanceof SessionMovedError || error instanceof StoreUnavailableError)
        throw storeUnavailable(`${error.message}; nothing of this request was stored`);
      throw error;
    }
  }

  /**
   * Starts the session's compaction (once: a second ask while one is under way is the same). One
   * compaction at a time per node: each holds a pooled connection until its turn, and turns wait
   * for writes that need connections too, so several at once could take the whole pool. A session
   * skipped here is asked again at its next write or claim.
   */
  private compactSoon(session: MockSession): void {
    if (this.compacting.size > 0) return;
    this.compacting.add(session.id);
    this.compact(session)
      .catch((error) =>
        console.error(`portfolio-mock: compacting session ${session.id} failed: ${(error as Error).message}`),
      )
      .finally(() => this.compacting.delete(session.id));
  }

  /**
   * Writes the session as an image (compaction.ts). The image is built while its writes go on;
   * then, in its turn among them, it is written with every record changed since it was begun over
   * it (their values now). A reset or import meanwhile (a new state) ends it: nothing is written.
   */
  private async compact(session: MockSession): Promise<void> {
    const held = () => this.host.sessions.get(session.id) === session && session.fence !== undefined;
    if (!held()) return;
    // Every part of an image it was read back from, at hand.
    await session.whole();
    const { state } = session;
    const watch = watchChanges(state);
    try {
      const built = held() ? await imageOf(state, IMAGE_PART) : undefined;
      if (!built || !held()) return;
      // Sent before its turn: the session's writes then wait only for the rest of its transaction.
      const image = await this.store.stageImage(session.id, built.parts, built.records);
      try {
        await this.inTurn(session.id, async () => {
          if (!held() || session.state !== state || session.pendingFresh !== undefined) return;
          // What no write took yet (its values now), and every other record changed since the walk began.
          const change = (await changesOf(session, true))!;
          const taken = new Set([...change.upserts, ...change.deletes].map((op) => `${op[0]}\t${op[1]}`));
          const upserts = [...change.upserts];
          const deletes = [...change.deletes];
          for (const entry of watch.changed) {
            if (taken.has(entry)) continue;
            const [kind, key] = entry.split('\t') as [RecordKind, string];
            const value = recordValue(state, kind, key);
            if (value === null) deletes.push([kind, key]);
            else upserts.push([kind, key, value]);
          }
          await this.stored(session, { ...change, upserts, deletes, image });
        });
      } finally {
        // Rolled back unless its write committed it.
        await image.discard();
      }
    } finally {
      watch.stop();
    }
  }

  /** Runs `step` after the session's writes asked so far; writes asked meanwhile wait for it. */
  private inTurn(id: string, step: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(id) ?? Promise.resolve();
    const done = previous.catch(() => {}).then(step);
    // The chain only orders the steps; each failure is its callers' to handle (never unhandled here).
    const next = done
      .catch(() => {})
      .finally(() => {
        if (this.chains.get(id) === next) this.chains.delete(id);
      });
    this.chains.set(id, next);
    return done;
  }

  /** Forgets the session in memory (its processing stops; files stay for whoever reads it back here). */
  private drop(id: string): void {
    const held = this.host.sessions.get(id);
    if (!held) return;
    this.host.sessions.delete(id);
    held.retire();
    this.host.forget(id);
  }

  private moved(id: string): void {
    this.owners.delete(id);
    this.drop(id);
  }
}

async function changesOf(session: MockSession, force: boolean): Promise<SessionWrite | undefined> {
  const taken = takeChanges(session, force);
  if (!taken) return undefined;
  const { storage } = session;
  // A fresh write (a reset, an import, a new session) replaces the stored files by every file its
  // folders hold: an import's files stay stored even when a write of the state before it took them.
  const files = taken.fresh !== undefined ? await storage.takeAll?.() : storage.takeUnsent?.();
  const upserts = taken.ops.filter((op) => op[2] !== null);
  const deletes = taken.ops.filter((op) => op[2] === null).map((op): [string, string] => [op[0], op[1]]);
  return {
    ...(taken.fresh !== undefined ? { fresh: { seed: taken.fresh } } : {}),
    meta: metaOf(session.state),
    upserts,
    deletes,
    files: files ?? [],
  };
}

/**
 * A claim that failed reading the session: it stops. The database away, or the session taken over
 * meanwhile, is worth a retry (503); a damaged piece is not: it answers 500 in the envelope, as it
 * does when a request reads it after the claim.
 */
function claimFailed(session: MockSession, error: unknown): never {
  session.stop();
  if (error instanceof StoreUnavailableError || error instanceof SessionMovedError)
    throw storeUnavailable(error.message);
  throw error;
}
