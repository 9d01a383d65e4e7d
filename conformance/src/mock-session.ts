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
