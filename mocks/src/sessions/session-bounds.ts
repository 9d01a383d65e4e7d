// How many sessions a mock holds and how long an unused one lives: the same numbers and the same
// rules for the HTTP mock (runtime.ts) and the MSW handlers (msw/memory-sessions.ts). No Node here.
import type { MockSession } from '../session.ts';
import { DEFAULT_SESSION, tooManySessions } from './session-header.ts';

/** A named session without a request for this long is dropped (30 minutes). */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;
/** Named sessions held at once; one more answers 503 MOCK_TOO_MANY_SESSIONS. */
export const DEFAULT_MAX_SESSIONS = 1000;

export interface SessionBoundsOptions {
  /** A named session without a request for this long is dropped (default 30 minutes). */
  sessionIdleMs?: number | undefined;
  /** Named sessions held at once; one more answers 503 MOCK_TOO_MANY_SESSIONS (default 1000). */
  maxSessions?: number | undefined;
}

export class SessionBounds {
  readonly sessionIdleMs: number;
  readonly maxSessions: number;

  constructor(options: SessionBoundsOptions = {}) {
    this.sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
    this.maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  }

  /** How often the idle sessions are looked for: at most a minute after they became idle. */
  get sweepEveryMs(): number {
    return Math.min(this.sessionIdleMs, 60_000);
  }

  /** Named sessions among `sessions` (the default one never counts), and `unread` more held elsewhere (a state file). */
  count(sessions: ReadonlyMap<string, unknown>, unread = 0): number {
    return sessions.size - (sessions.has(DEFAULT_SESSION) ? 1 : 0) + unread;
  }

  /** Throws 503 MOCK_TOO_MANY_SESSIONS when `id` would be one named session too many. */
  checkRoom(sessions: ReadonlyMap<string, unknown>, id: string, unread = 0): void {
    if (id !== DEFAULT_SESSION && !sessions.has(id) && this.count(sessions, unread) >= this.maxSessions) {
      throw tooManySessions(this.maxSessions, this.sessionIdleMs);
    }
  }

  /** The named sessions without a request since `now - sessionIdleMs` (the default one is never dropped). */
  idle(sessions: Iterable<MockSession>, now: number): MockSession[] {
    return [...sessions].filter((s) => s.id !== DEFAULT_SESSION && now - s.lastUsed >= this.sessionIdleMs);
  }
}
