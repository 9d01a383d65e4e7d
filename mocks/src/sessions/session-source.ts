// Where the handlers find the caller's session: the HTTP mock's runtime (runtime.ts, sessions with
// files on disk) or the MSW handlers' sessions in memory (msw/memory-sessions.ts).
import type { MockSeed } from '../domain/seed.ts';
import type { MockSession } from '../session.ts';
import type { HeaderRecord } from './session-header.ts';

export interface SessionSource {
  /** The session a request names (`X-Mock-Session`), created on first use; 400 for a malformed id, 503 over the limit. */
  sessionFor(request: { readonly headers: HeaderRecord }): MockSession;
  /** The session a control call names in its path (`/__mock/sessions/{id}/...`), created on first use. */
  sessionNamed(request: { readonly headers: HeaderRecord }, id: string): MockSession;
  /** Drops a named session now (its records, files and pending processing). */
  drop(id: string): Promise<void>;
  /** The seed every new session starts from, and what provider states start again from. */
  readonly startSeed: MockSeed | undefined;
}
