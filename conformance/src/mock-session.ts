// `--session <id>`: every request a command sends to the stateful mock carries X-Mock-Session, so
// the run works in a session of its own and leaves the mock's other sessions (the default one
// included) as it found them. A real deployment ignores the header.
import { randomBytes } from 'node:crypto';

export const SESSION_HEADER = 'X-Mock-Session';
/** The mock's own rule for a session id. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Throws with a one-line message for an id the mock would refuse. */
export function sessionOption(id: string | undefined): string | undefined {
  if (id !== undefined && !SESSION_ID.test(id))
    throw new Error(
      `Invalid --session "${id}": 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  return id;
}

/** A fresh session id for one run: `<prefix>-<time>-<random>`. */
export function privateSession(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

/** A run's own session: named on every request, known for the mock's when an answer repeats it. */
export interface PrivateSession {
  readonly id: string;
  /** `fetch` naming the session; notes when an answer shows the target is the stateful mock. */
  readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Drops the session on the mock (DELETE /__mock/session beside the base URL's /api); nothing on a deployment. */
  drop(baseUrl: string): Promise<void>;
  /** Every later request through `fetch` fails at once (an interrupted run sends nothing more). */
  stop(): void;
}

/**
 * A session for a run that was given no --session: the stateful mock repeats X-Mock-Session on its
 * answers, so the run learns it talks to the mock and drops the session at the end, leaving the mock
 * as it found it. A deployment ignores the header and is sent nothing else.
 */
export function privateMockSession(prefix: string, fetchImpl: typeof fetch = fetch): PrivateSession {
  const id = privateSession(prefix);
  const send = fetchInSession(id, fetchImpl);
  let onMock = false;
  let stopped = false;
  const underway = new Set<Promise<unknown>>();
  return {
    id,
    fetch: async (input, init) => {
      if (stopped) throw new Error('the run was interrupted');
      const sent = send(input, init);
      underway.add(sent);
      try {
        const answer = await sent;
        if (answer.headers.get(SESSION_HEADER) === id) onMock = true;
        return answer;
      } finally {
        underway.delete(sent);
      }
    },
    async drop(baseUrl) {
      // A request still under way would make the session again after the drop (the mock makes a
      // session on first use), and its answer is what tells a mock from a deployment: waited for, at most 2 s.
      if (underway.size > 0)
        await Promise.race([
          Promise.allSettled(underway),
          new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
        ]);
      if (!onMock) return;
      const control = new URL('__mock/session', `${baseUrl.replace(/\/api\/?$/, '')}/`);
      // Best effort: an idle session is dropped by the mock itself after its idle time.
      await send(control.href, { method: 'DELETE', signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    },
    stop() {
      stopped = true;
    },
  };
}

/** How a run learns it was interrupted while it held its private session. */
export interface Interruption {
  /** Settles with 130 (SIGINT) or 143 (SIGTERM) once the session is dropped; never when no signal comes. */
  readonly signalled: Promise<number>;
  /** Whether a signal came (the run may still end first, with the requests it could no longer send). */
  readonly fired: boolean;
  /** Takes the signal handlers away again (the run is over). */
  release(): void;
}

/**
 * While a run holds its private session: SIGINT or SIGTERM stops the run's requests (each later one
 * fails), drops the session on the mock (at most 5 s) and settles `signalled` with 130 or 143, so an
 * interrupted run does not keep one of the mock's session slots until the idle drop, nor make a
 * fresh session with a request sent after the drop.
 *
 * @example
 * const own = privateMockSession('conformance');
 * const interruption = dropOnSignal(own, 'http://127.0.0.1:4010/api');
 * const code = await Promise.race([run(own.fetch), interruption.signalled]);
 */
export function dropOnSignal(own: PrivateSession, baseUrl: string): Interruption {
  const signals = { SIGINT: 130, SIGTERM: 143 } as const;
  let settle: (code: number) => void = () => undefined;
  let fired = false;
  const signalled = new Promise<number>((resolve) => (settle = resolve));
  const handlers = Object.entries(signals).map(([signal, code]) => {
    const handler = () => {
      fired = true;
      own.stop();
      void own.drop(baseUrl).finally(() => settle(code));
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  return {
    signalled,
    get fired() {
      return fired;
    },
    release() {
      for (const [signal, handler] of handlers) process.removeListener(signal, handler);
    },
  };
}

/** `fetch` with the session header added to every request (nothing added without a session). */
export function fetchInSession(
  session: string | undefined,
  fetchImpl: typeof fetch = fetch,
): (input: string, init: RequestInit) => Promise<Response> {
  return (input, init) => {
    if (session === undefined) return fetchImpl(input, init);
    const headers = new Headers(init.headers);
    headers.set(SESSION_HEADER, session);
    return fetchImpl(input, { ...init, headers });
  };
}
