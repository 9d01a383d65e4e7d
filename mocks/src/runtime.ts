// The running mock's sessions: the default one and the named ones (`X-Mock-Session`), each an
// isolated world created on first use from the seed the mock started with. Idle named sessions are
// dropped; their number is bounded. The runtime's revision rises with any change of any session:
// the response cache keeps answers only while nothing changed (http/response-cache.ts). With a
// state file every session is kept in it (persistence/state-store.ts) and read back at start.
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { MockSeed } from './domain/seed.ts';
import type { MockState } from './domain/state.ts';
import { MockSession } from './session.ts';
import {
  DEFAULT_SESSION,
  type HeaderRecord,
  SESSION_HEADER,
  sessionIdOf,
  tooManySessions,
} from './sessions/session-header.ts';
import type { SessionSource } from './sessions/session-source.ts';
import { FolderStorage } from './uploads/folder-storage.ts';
import { StateStore } from './persistence/state-store.ts';
import { lockStateFile, type StateLock } from './persistence/state-lock.ts';

export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
export const DEFAULT_MAX_SESSIONS = 1000;

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
}

export class MockRuntime implements SessionSource {
  revision = 0;
  readonly sessionIdleMs: number;
  readonly maxSessions: number;
  private readonly sessions = new Map<string, MockSession>();
  private readonly ofRequest = new WeakMap<object, MockSession>();
  private readonly sweeper: NodeJS.Timeout;
  private store: StateStore | undefined;
  private lock: StateLock | undefined;

  private readonly uploadsRoot: string;
  /** The seed the mock was started with: of every new session, and what provider states start again from. */
  readonly startSeed: MockSeed | undefined;

  private constructor(uploadsRoot: string, startSeed: MockSeed | undefined, options: RuntimeOptions) {
    this.uploadsRoot = uploadsRoot;
    this.startSeed = startSeed;
    this.sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
    this.sweeper = setInterval(() => void this.dropIdle(Date.now()), Math.min(this.sessionIdleMs, 60_000));
    this.sweeper.unref();
  }

  static async create(options: RuntimeOptions = {}): Promise<MockRuntime> {
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
      const { store, restored } = await StateStore.open(options.stateFile, {
        restore: (id, seed) => runtime.newSession(id, seed, true),
        sessions: () => runtime.sessions.values(),
        compactBytes: options.compactBytes,
      });
      for (const [id, session] of restored) runtime.sessions.set(id, session);
      runtime.store = store;
      const created = runtime.session(DEFAULT_SESSION);
      // A new file starts with the default session written.
      await store.commit(created, false);
    } catch (error) {
      clearInterval(runtime.sweeper);
      for (const session of runtime.sessions.values()) session.stop();
      if (madeUploads) await rm(uploads, { recursive: true, force: true });
      await lock.release();
      throw error;
    }
    return runtime;
  }

  /** Marks a change of some session: answers kept by the response cache are stale. */
  touch(): void {
    this.revision += 1;
  }

  /** Whether writes are kept in a state file (their answers wait for `durable`). */
  get persistent(): boolean {
    return this.store !== undefined;
  }

  /** Resolves once the changes a request made (with `force`, at least its session's meta values) are durable. */
  async durable(request: object, force: boolean): Promise<void> {
    const session = this.ofRequest.get(request);
    if (session && this.store) await this.store.commit(session, force);
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
    return this.sessions.size - 1;
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

  /** A read answered from the response cache uses its session too (without creating one). */
  noteUse(headers: IncomingHttpHeaders): void {
    const id = headers[SESSION_HEADER];
    const session = this.sessions.get(typeof id === 'string' && id !== '' ? id : DEFAULT_SESSION);
    if (session) session.lastUsed = Date.now();
  }

  session(id: string): MockSession {
    const known = this.sessions.get(id);
    if (known) return known;
    if (id !== DEFAULT_SESSION && this.sessionCount >= this.maxSessions) {
      throw tooManySessions(this.maxSessions, this.sessionIdleMs);
    }
    const session = this.newSession(id, this.startSeed, false);
    this.sessions.set(id, session);
    this.touch();
    return session;
  }

  private newSession(id: string, seed: MockSeed | undefined, restoring: boolean): MockSession {
    const dir = join(this.uploadsRoot, 'sessions', id === DEFAULT_SESSION ? '_default' : id);
    const touched = (session: MockSession) => {
      this.touch();
      this.store?.commitSoon(session);
    };
    const persistent = restoring || this.persistent;
    return new MockSession(id, new FolderStorage(dir, persistent), seed, touched, { track: persistent, restoring });
  }

  /** Drops one named session now (DELETE /__mock/session); the default session is never dropped. */
  async drop(id: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session || id === DEFAULT_SESSION) return;
    this.sessions.delete(id);
    this.store?.dropped(id);
    this.touch();
    await session.close();
  }

  /** Drops named sessions without a request since `now - sessionIdleMs`. */
  async dropIdle(now: number): Promise<number> {
    const idle = [...this.sessions.values()].filter(
      (s) => s.id !== DEFAULT_SESSION && now - s.lastUsed >= this.sessionIdleMs,
    );
    for (const session of idle) {
      this.sessions.delete(session.id);
      this.store?.dropped(session.id);
    }
    if (idle.length) this.touch();
    await Promise.all(idle.map((s) => s.close()));
    return idle.length;
  }

  /** Stops processing; without a state file also removes the uploaded files. */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.store) {
      for (const session of this.sessions.values()) session.stop();
      await this.store.close();
      await this.lock?.release();
      return;
    }
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    await rm(this.uploadsRoot, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }
}
