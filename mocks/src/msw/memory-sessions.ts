// The sessions of the MSW handlers: isolated worlds (X-Mock-Session) held in memory, uploaded files
// kept only as names (uploads/memory-storage.ts). Nothing here needs Node.
import type { MockSeed } from '../domain/seed.ts';
import { MockSession } from '../session.ts';
import { DEFAULT_SESSION, type HeaderRecord, SESSION_HEADER, sessionIdOf } from '../sessions/session-header.ts';
import type { SessionSource } from '../sessions/session-source.ts';
import { MemoryStorage } from '../uploads/memory-storage.ts';

export class MemorySessions implements SessionSource {
  readonly startSeed: MockSeed | undefined;
  private readonly sessions = new Map<string, MockSession>();
  private readonly ofRequest = new WeakMap<object, MockSession>();
  /** The session of a request without `X-Mock-Session`. */
  private readonly fallback: string;

  constructor(startSeed: MockSeed | undefined, fallback = DEFAULT_SESSION) {
    this.startSeed = startSeed;
    this.fallback = fallback;
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
    return session;
  }

  session(id: string): MockSession {
    let session = this.sessions.get(id);
    if (!session) {
      session = new MockSession(id, new MemoryStorage(`memory:${id}`), this.startSeed, () => {});
      this.sessions.set(id, session);
    }
    return session;
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
