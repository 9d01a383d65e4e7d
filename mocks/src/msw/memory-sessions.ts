// The sessions of the MSW handlers: isolated worlds (X-Mock-Session) held in memory, uploaded files
// kept only as names (uploads/memory-storage.ts). Bounded as the HTTP mock's (sessions/session-bounds.ts):
// one named session past the limit answers 503 MOCK_TOO_MANY_SESSIONS, an idle one is dropped. No
// timer sweeps them: a request looks for idle sessions once the sweep interval has passed, so a
// session is dropped no later than over HTTP, seen from any request. Nothing here needs Node.
import type { GapChoices } from '../domain/gap-choices.ts';
import type { MockSeed } from '../domain/seed.ts';
import { MockSession } from '../session.ts';
import { SessionBounds, type SessionBoundsOptions } from '../sessions/session-bounds.ts';
import { DEFAULT_SESSION, type HeaderRecord, SESSION_HEADER, sessionIdOf } from '../sessions/session-header.ts';
import type { SessionSource } from '../sessions/session-source.ts';
import { MemoryStorage } from '../uploads/memory-storage.ts';

export interface MemorySessionsOptions extends SessionBoundsOptions {
  /** The session of a request without `X-Mock-Session` (default `default`). */
  fallback?: string | undefined;
  /** Processing moves only by `advance` and `settle`. */
  manualClock?: boolean | undefined;
  /** Open values of records from a team's gap profile (gap-profile-choices.ts). */
  gapChoices?: GapChoices | undefined;
}

export class MemorySessions implements SessionSource {
  readonly startSeed: MockSeed | undefined;
  private readonly sessions = new Map<string, MockSession>();
  private readonly ofRequest = new WeakMap<object, MockSession>();
  /** The session of a request without `X-Mock-Session`. */
  private readonly fallback: string;
  private readonly bounds: SessionBounds;
  private readonly manualClock: boolean;
  private readonly gapChoices: GapChoices | undefined;
  private lastSweep = Date.now();

  constructor(startSeed: MockSeed | undefined, options: MemorySessionsOptions = {}) {
    this.startSeed = startSeed;
    this.fallback = options.fallback ?? DEFAULT_SESSION;
    this.bounds = new SessionBounds(options);
    this.manualClock = options.manualClock ?? false;
    this.gapChoices = options.gapChoices;
    this.session(DEFAULT_SESSION);
  }

  sessionFor(request: { readonly headers: HeaderRecord }): MockSession {
    let session = this.ofRequest.get(request);
    if (!session) {
      const named = request.headers[SESSION_HEADER];
      session = this.session(named === undefined || named === '' ? this.fallback : sessionIdOf(request.headers));
      this.ofRequest.set(request, session);
    }
    session.lastUsed = Date.now();
    return session;
  }

  sessionNamed(request: { readonly headers: HeaderRecord }, id: string): MockSession {
    const session = this.session(id);
    this.ofRequest.set(request, session);
    session.lastUsed = Date.now();
    return session;
  }

  /** The session `id`, created on first use; 503 over the limit. Idle sessions go first. */
  session(id: string): MockSession {
    this.dropIdle(Date.now());
    let session = this.sessions.get(id);
    if (!session) {
      this.bounds.checkRoom(this.sessions, id);
      session = new MockSession(id, new MemoryStorage(`memory:${id}`), this.startSeed, () => {}, {
        manualClock: this.manualClock,
        gapChoices: this.gapChoices,
      });
      this.sessions.set(id, session);
    }
    return session;
  }

  /** Drops the named sessions idle since `now - sessionIdleMs`, at most once per sweep interval. */
  private dropIdle(now: number): void {
    if (now - this.lastSweep < this.bounds.sweepEveryMs) return;
    this.lastSweep = now;
    for (const session of this.bounds.idle(this.sessions.values(), now)) {
      this.sessions.delete(session.id);
      session.stop();
    }
  }

  /** Drops a named session (its timers and deliveries stop); the default one is kept. */
  async drop(id: string): Promise<void> {
    if (id === DEFAULT_SESSION) return;
    this.sessions.get(id)?.stop();
    this.sessions.delete(id);
  }

  /** Stops every session's processing (timers, webhook deliveries under way). */
  close(): void {
    for (const session of this.sessions.values()) session.stop();
  }
}
