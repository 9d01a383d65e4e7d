// The request header that selects a session: an isolated world (records, credits, folders, runs,
// deliveries, clock, faults) on the one running mock. No header is the default session.
import { errors } from '../http/errors.ts';

/** Header values by lower-case name, as Node and the Fetch adapter both give them. */
export type HeaderRecord = Readonly<Record<string, string | string[] | undefined>>;

export const SESSION_HEADER = 'x-mock-session';
export const DEFAULT_SESSION = 'default';
/** Letters, digits, `.`, `_`, `-`; it names a directory of uploads, so nothing else. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const SESSION_GAP = 'mock sessions (X-Mock-Session): not part of the service';

/** The session a request names; 400 for a malformed id (a repeated header arrives joined by commas). */
export function sessionIdOf(headers: HeaderRecord): string {
  const value = headers[SESSION_HEADER];
  if (value === undefined || value === '') return DEFAULT_SESSION;
  if (typeof value !== 'string' || !SESSION_ID.test(value)) {
    throw errors.invalidRequest(
      `header ${SESSION_HEADER} must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit, given once`,
      SESSION_GAP,
    );
  }
  return value;
}

/**
 * A session id written in a path segment (`/__mock/sessions/{id}/...`), percent-decoded; a segment
 * that is not valid percent-encoding is kept as it is, and so refused as an id (400), never thrown.
 */
export function decodedSessionSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The well-formed session id a request names, else undefined (the answer echoes it: see app.ts). */
export function namedSession(headers: HeaderRecord): string | undefined {
  const value = headers[SESSION_HEADER];
  return typeof value === 'string' && SESSION_ID.test(value) ? value : undefined;
}

export function tooManySessions(limit: number, idleMs: number) {
  return errors.sessionLimit(
    `The mock already holds its limit of ${limit} sessions; reuse a session id, wait until idle sessions are dropped (after ${Math.round(idleMs / 1000)} s without a request) or start the mock with a higher --max-sessions`,
    SESSION_GAP,
  );
}
