// The running mock's sessions: the default one and the named ones (`X-Mock-Session`), each an
// isolated world created on first use from the seed the mock started with. Idle named sessions are
// dropped; their number is bounded. Each session's revision rises with any change of it: the
// response cache keeps a session's answers only while it did not change (http/response-cache.ts). With a
// state file every session is kept in it (persistence/state-store.ts) and read back at start. With
// the PostgreSQL store (`store: 'postgres://...'`) several nodes share the sessions: each is held by
// the node that owns its lease and read back on demand (sessions/cluster-sessions.ts).
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { GapChoices } from './domain/gap-choices.ts';
import type { MockSeed } from './domain/seed.ts';
import type { MockState } from './domain/state.ts';
import { MockSession } from './session.ts';
import {
  DEFAULT_SESSION,
  decodedSessionSegment,
  type HeaderRecord,
  SESSION_HEADER,
  sessionIdOf,
} from './sessions/session-header.ts';
import { controlErrors } from './handlers/control-errors.ts';
import { SessionBounds } from './sessions/session-bounds.ts';
import type { SessionSource } from './sessions/session-source.ts';
import { FolderStorage } from './uploads/folder-storage.ts';
import { trackChanges } from './persistence/change-tracking.ts';
import { keepDeliveries, outboxOf } from './persistence/delivery-outbox.ts';
import { StateStore } from './persistence/state-store.ts';
import { lockStateFile, type StateLock } from './persistence/state-lock.ts';
import { ClusterSessions, storeUnavailable, type Placement } from './sessions/cluster-sessions.ts';
import { FORWARDED_HEADER } from './sessions/forward.ts';

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './sessions/session-bounds.ts';

/** With a state file: how long after the mock listens the sessions on file start being read in the background. */
const BACKGROUND_LOAD_DELAY_MS = 1_000;

export interface RuntimeOptions {
  /** The seed of the default session and of every new session (default: the built-in seed). */
  seed?: MockSeed;
  /** A named session without a request for this long is dropped (default 30 minutes). */
  sessionIdleMs?: number;
  /** Named sessions held at once; one more answers 503 MOCK_TOO_MANY_SESSIONS (default 1000). */
  maxSessions?: number;
  /** Keep every session in this file (uploaded files in `<stateFile>.uploads/`) and read it back at start. */
  stateFile?: string;
  /** With a state file: compact it once it has grown past this size (and doubled); default 16 MiB. */
  compactBytes?: number;
  /** `postgres://...`: the sessions live in this database, shared by every node started with it. */
  store?: string;
  /** With `store`: this node's id in the cluster (default random) and its lease time (default 5 s). */
  nodeId?: string;
  leaseMs?: number;
  /** With `store`: rows past which a session is written as an image again (default 10,000). */
  compactRows?: number;
  /** With `store`: where the other nodes reach this one (default: the address it listens on). */
  advertiseUrl?: string;
  /** Open values of records every session makes as a team's deployment does (a gap profile's, gap-profile-choices.ts). */
  gapChoices?: GapChoices | undefined;
}

export class MockRuntime implements SessionSource {
  /** Per session, the stamp of its last change; `epoch` is the stamp of the last change of them all. */
  private readonly revisions = new Map<string, number>();
  private stamp = 0;
  private epoch = 0;
  /** The session limit and idle time, the same rules as the MSW handlers' (sessions/session-bounds.ts). */
  readonly bounds: SessionBounds;
  readonly sessions = new Map<string, MockSession>();
  /** Sessions dropped while a request of theirs may still run (it must not write after the drop line). */
  private readonly droppedSessions = new WeakSet<MockSession>();
  private readonly ofRequest = new WeakMap<object, MockSession>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly gapChoices: GapChoices | undefined;
  private store: StateStore | undefined;
  private lock: StateLock | undefined;
  /** With a state file: sessions being read from it, and the reading of them all after start. */
  private readonly loading = new Map<string, { pace: { background: boolean }; done: Promise<void> }>();
  private loadingAll: Promise<void> | undefined;
  /** With a state file: sessions read whose interrupted import the disk refused to settle (answered 503 until it does). */
  private readonly unsettled = new Set<string>();
  private loadTimer: NodeJS.Timeout | undefined;
  private closing = false;
  /** With the PostgreSQL store: the sessions this node owns, claimed and written there. */
  cluster: ClusterSessions | undefined;
  /** Set by a graceful stop: readiness answers 503 while in-flight requests finish. */
  draining = false;
  private readonly advertiseUrl: string | undefined;
  /** With a state file, the journal of every session is written to it. */
  private readonly keepsJournal: boolean;

  private readonly uploadsRoot: string;
  /** The seed the mock was started with: of every new session, and what provider states start again from. */
  readonly startSeed: MockSeed | undefined;

  private constructor(uploadsRoot: string, startSeed: MockSeed | undefined, options: RuntimeOptions) {
    this.uploadsRoot = uploadsRoot;
    this.startSeed = startSeed;
    this.bounds = new SessionBounds(options);
    this.advertiseUrl = options.advertiseUrl;
    this.gapChoices = options.gapChoices;
    this.keepsJournal = options.stateFile !== undefined && options.store === undefined;
    this.sweeper = setInterval(() => void this.dropIdle(Date.now()), this.bounds.sweepEveryMs);
    this.sweeper.unref();
  }

  static async create(options: RuntimeOptions = {}): Promise<MockRuntime> {
    if (options.store) {
      // Uploaded files are kept on this node's disk while it owns their session, and in the database.
      const runtime = new MockRuntime(await FolderStorage.temporaryRoot(), options.seed, options);
      try {
        runtime.cluster = await ClusterSessions.open(
          { url: options.store, nodeId: options.nodeId, leaseMs: options.leaseMs, compactRows: options.compactRows },
          {
            sessions: runtime.sessions,
            startSeed: options.seed,
            make: (id, seed, restoring) => runtime.newSession(id, seed, restoring),
            touch: (id) => runtime.touch(id),
            forget: (id) => runtime.forget(id),
          },
        );
      } catch (error) {
        clearInterval(runtime.sweeper);
        await rm(runtime.uploadsRoot, { recursive: true, force: true });
        throw error;
      }
      return runtime;
    }
    if (!options.stateFile) {
      const runtime = new MockRuntime(await FolderStorage.temporaryRoot(), options.seed, options);
      runtime.session(DEFAULT_SESSION);
      return runtime;
    }
    const uploads = `${options.stateFile}.uploads`;
    const lock = await lockStateFile(options.stateFile);
    // Made here only when missing: a state file refused at start leaves no folder of its own behind.
    const madeUploads = await mkdir(uploads, { recursive: true }).catch(async (error: unknown) => {
      await lock.release();
      throw error;
    });
    const runtime = new MockRuntime(uploads, options.seed, options);
    runtime.lock = lock;
    try {
      const store = await StateStore.open(options.stateFile, {
        restore: (id, seed) => runtime.newSession(id, seed, true),
        sessions: () => runtime.sessions.values(),
        compactBytes: options.compactBytes,
      });
      runtime.store = store;
      if (!store.isUnread(DEFAULT_SESSION)) {
        // A new file starts with the default session written.
        await store.commit(runtime.session(DEFAULT_SESSION), false);
      }
    } catch (error) {
      clearInterval(runtime.sweeper);
      await runtime.store?.close();
      if (madeUploads) await rm(uploads, { recursive: true, force: true });
      await lock.release();
      throw error;
    }
    return runtime;
  }

  /**
   * With a state file: the session in memory, read from the file first when it is on file and not
   * read yet (start-up reads no session; see persistence/state-store.ts), its interrupted import
   * settled first.
   */
  async load(id: string, background = false): Promise<void> {
    const store = this.store;
    if (!store) return;
    let pending = this.loading.get(id);
    if (!pending) {
      const held = this.sessions.get(id);
      if (held ? !this.unsettled.has(id) : !store.isUnread(id)) return;
      const pace = { background };
      const done = (
        held
          ? Promise.resolve(held)
          : store.load(id, pace).then((session) => {
              // Held from now on (a compaction keeps it) though not answered until settled: its records are whole.
              this.sessions.set(id, session);
              outboxOf(session.state).interrupted();
              this.touch(id);
              return session;
            })
      )
        .then((session) => this.settleImport(id, session))
        .finally(() => this.loading.delete(id));
      pending = { pace, done };
      this.loading.set(id, pending);
    }
    // A request waits for it: no more pauses.
    if (!background) pending.pace.background = false;
    await pending.done;
  }

  /**
   * An import a crash interrupted: its files finished or turned back, as the records say. Until the
   * disk lets that finish, the session's files may be a mix, so its requests answer 503 (retry).
   */
  private async settleImport(id: string, session: MockSession): Promise<void> {
    try {
      await session.storage.settleImports?.(session.importId);
    } catch (error) {
      this.unsettled.add(id);
      throw controlErrors.storageFailed(
        `An import into session ${id} was interrupted and the disk refuses to settle its files (${(error as Error).message}); the session is answered once that succeeds: retry`,
      );
    }
    this.unsettled.delete(id);
  }

  /** After start: every session on file read, the default one first, so pending processing resumes. */
  private async loadAll(): Promise<void> {
    const ids = this.store!.unreadIds().sort((a, b) => Number(b === DEFAULT_SESSION) - Number(a === DEFAULT_SESSION));
    for (const id of ids) {
      if (this.closing) return;
      await this.load(id, true).catch((error: unknown) => console.error(`portfolio-mock: ${(error as Error).message}`));
    }
  }

  /** Marks a change of one session (of every session when none is named): answers the response cache kept of it are stale. */
  touch(session?: string): void {
    this.stamp += 1;
    if (session === undefined) this.epoch = this.stamp;
    // Only sessions that exist are remembered: a request naming a malformed or unknown id adds nothing.
    else if (this.sessions.has(session) || this.revisions.has(session)) this.revisions.set(session, this.stamp);
  }

  /** Rises whenever the session changes (the response cache's test for its kept answers). */
  revisionOf(session: string): number {
    return Math.max(this.epoch, this.revisions.get(session) ?? 0);
  }

  /** A session left this node (dropped, or moved to another node): what was kept of it is stale for good. */
  forget(session: string): void {
    this.revisions.delete(session);
    // A later session of the same id starts above every stamp the cache may still hold for it.
    this.touch();
  }

  /** The session a request reads or changes, for the response cache: named in the path, else by its header. */
  cacheSessionOf(url: string | undefined, headers: IncomingHttpHeaders): string {
    const named = /^\/__mock\/sessions\/([^/?]+)\//.exec(url ?? '')?.[1];
    if (named !== undefined) return decodedSessionSegment(named);
    const id = headers[SESSION_HEADER];
    return typeof id === 'string' && id !== '' ? id : DEFAULT_SESSION;
  }

  /** Whether writes are kept in a state file or database (their answers wait for `durable`). */
  get persistent(): boolean {
    return this.store !== undefined || this.cluster !== undefined;
  }

  /** Resolves once the changes a request made (with `force`, at least its session's meta values) are durable. */
  /** Whether `session` was not dropped: a dropped one writes nothing more to the state file. */
  private holds(session: MockSession): boolean {
    return !this.droppedSessions.has(session);
  }

  async durable(request: object, force: boolean): Promise<void> {
    const session = this.ofRequest.get(request);
    // A session dropped while the request ran (DELETE /__mock/session, idle) has no lines after its drop line.
    if (session && this.store && this.holds(session)) await this.store.commit(session, force);
    if (session && this.cluster) await this.cluster.commit(session, force);
  }

  /** With the PostgreSQL store, once listening: registers where the other nodes reach this one. */
  async listening(origin: string): Promise<void> {
    await this.cluster?.store.register(this.advertiseUrl ?? origin);
    // Once serving, and a moment later: the sessions on file are read in the background (a request
    // reads its own first), after the readiness checks and first requests a start brings, which
    // would otherwise share the CPU with reading the biggest session
    // (docs/decisions/2026-11-state-file-start-growth.md).
    if (this.store && !this.loadingAll)
      this.loadTimer ??= setTimeout(() => {
        this.loadingAll ??= this.loadAll();
      }, BACKGROUND_LOAD_DELAY_MS);
  }

  /**
   * With the PostgreSQL store, before a request is routed: the session it names in memory here
   * (claimed when nobody owns it), or the owner's address to forward it to.
   */
  async place(request: { readonly headers: HeaderRecord }, url: string): Promise<Placement | undefined> {
    if (!this.cluster && !this.store) return undefined;
    const named = /^\/__mock\/sessions\/([^/?]+)\//.exec(url)?.[1];
    const id =
      named === undefined
        ? sessionIdOf(request.headers)
        : sessionIdOf({ [SESSION_HEADER]: decodedSessionSegment(named) });
    if (!this.cluster) {
      await this.load(id);
      return undefined;
    }
    this.bounds.checkRoom(this.sessions, id, this.unreadCount);
    const placed = await this.cluster.place(id, request.headers[FORWARDED_HEADER] === undefined);
    if ('session' in placed) this.ofRequest.set(request, placed.session);
    return placed;
  }

  /** Readiness: serving, and (with the PostgreSQL store) the database answers. */
  async ready(): Promise<boolean> {
    if (this.draining) return false;
    return this.cluster ? this.cluster.store.ping() : true;
  }

  /** The default session's state (what a request without `X-Mock-Session` sees). */
  get state(): MockState {
    return this.defaultSession.state;
  }

  get defaultSession(): MockSession {
    return this.sessions.get(DEFAULT_SESSION)!;
  }

  /** Named sessions held now (the default one not counted). */
  get sessionCount(): number {
    return this.bounds.count(this.sessions, this.unreadCount);
  }

  /** With a state file: named sessions it holds that are not read yet (they count toward the limit). */
  private get unreadCount(): number {
    return this.store?.unreadIds().filter((id) => id !== DEFAULT_SESSION).length ?? 0;
  }

  /** The session a request names, created on first use; 400 for a malformed id, 503 over the limit. */
  sessionFor(request: { readonly headers: HeaderRecord }): MockSession {
    let session = this.ofRequest.get(request);
    if (!session) {
      session = this.session(sessionIdOf(request.headers));
      this.ofRequest.set(request, session);
    }
    session.lastUsed = Date.now();
    return session;
  }

  /** The session a control call names in its path (`/__mock/sessions/{id}/...`), created on first use. */
  sessionNamed(request: { readonly headers: HeaderRecord }, id: string): MockSession {
    if (this.cluster) return this.sessionFor(request);
    const session = this.session(id);
    this.ofRequest.set(request, session);
    session.lastUsed = Date.now();
    return session;
  }

  /** A read answered from the response cache uses its session too (without creating one). */
  noteUse(headers: IncomingHttpHeaders): void {
    const id = headers[SESSION_HEADER];
    const session = this.sessions.get(typeof id === 'string' && id !== '' ? id : DEFAULT_SESSION);
    if (session) session.lastUsed = Date.now();
  }

  session(id: string): MockSession {
    const known = this.sessions.get(id);
    if (known) return known;
    // Placed before routing (place()); a session missing here moved away since.
    if (this.cluster) throw storeUnavailable(`Session ${id} moved to another node while this request ran; retry`);
    // Read from the state file before routing (place()); never started afresh over what the file holds.
    if (this.store?.isUnread(id)) throw storeUnavailable(`Session ${id} is being read from the state file; retry`);
    this.bounds.checkRoom(this.sessions, id, this.unreadCount);
    const session = this.newSession(id, this.startSeed, false);
    this.sessions.set(id, session);
    this.touch(id);
    return session;
  }

  private newSession(id: string, seed: MockSeed | undefined, restoring: boolean): MockSession {
    const dir = join(this.uploadsRoot, 'sessions', id === DEFAULT_SESSION ? '_default' : id);
    const touched = (session: MockSession) => {
      this.touch(session.id);
      if (this.holds(session)) this.store?.commitSoon(session);
      this.cluster?.commitSoon(session);
    };
    const persistent = restoring || this.persistent;
    // On PostgreSQL the bytes are stored with the folder's record (the database keeps them, not this disk).
    const cluster = this.cluster;
    const storage = new FolderStorage(
      dir,
      persistent && !cluster,
      cluster && ((folderId, name) => cluster.store.fileBytes(id, folderId, name)),
    );
    const session = new MockSession(id, storage, seed, touched, {
      restoring,
      gapChoices: this.gapChoices,
      ...(persistent ? { durable: (made: MockSession) => this.commitNow(made), keep: keepState } : {}),
    });
    // The state file keeps the request journal too (not the PostgreSQL store: docs/mock.md).
    if (this.keepsJournal) session.journal.keep(() => this.holds(session) && this.store?.commitSoon(session));
    return session;
  }

  /** A kept session's changes so far, written (state file or database). */
  private async commitNow(session: MockSession): Promise<void> {
    if (this.store) await this.store.commit(session, false);
    else if (this.cluster) await this.cluster.commit(session, false);
    else throw new Error('the mock is closing');
  }

  /** Drops one named session now (DELETE /__mock/session); the default session is never dropped. */
  async drop(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session || id === DEFAULT_SESSION) return;
    this.sessions.delete(id);
    this.droppedSessions.add(session);
    this.store?.dropped(id);
    this.forget(id);
    await session.close();
  }

  /** Drops named sessions without a request since `now - sessionIdleMs`. */
  async dropIdle(now: number): Promise<number> {
    const idle = this.bounds.idle(this.sessions.values(), now);
    for (const session of idle) {
      this.sessions.delete(session.id);
      this.droppedSessions.add(session);
      this.store?.dropped(session.id);
      void this.cluster?.dropped(session.id);
      this.forget(session.id);
    }
    await Promise.all(idle.map((s) => s.close()));
    return idle.length;
  }

  /** Stops processing; without a state file also removes the uploaded files. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.cluster) {
      for (const session of this.sessions.values()) session.stop();
      await this.cluster.close();
      await rm(this.uploadsRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
      return;
    }
    if (this.store) {
      this.closing = true;
      clearTimeout(this.loadTimer);
      await this.loadingAll;
      await Promise.allSettled([...this.loading.values()].map((l) => l.done));
      for (const session of this.sessions.values()) session.stop();
      await this.store.close();
      await this.lock?.release();
      return;
    }
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    await rm(this.uploadsRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}

/** A kept session's new state: its changes tracked for the store, its deliveries kept until their outcome is. */
function keepState(state: MockState): void {
  trackChanges(state);
  keepDeliveries(state);
}
