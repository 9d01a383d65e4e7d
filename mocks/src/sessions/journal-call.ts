// Journals one answered service call in the caller's session (both adapters call it once the
// answer is known). A call naming no valid session, or over the session limit, is not journaled.
import type { MockRequest } from '../http/mock-request.ts';
import type { SessionSource } from './session-source.ts';

export function journalCall(
  sessions: SessionSource,
  request: Pick<MockRequest, 'method' | 'headers' | 'body' | 'uploaded'>,
  url: string,
  status: number,
): void {
  let session: ReturnType<SessionSource['sessionFor']>;
  try {
    session = sessions.sessionFor(request);
  } catch {
    return;
  }
  const body = request.uploaded ?? request.body;
  session.journal.record({ method: request.method, url, headers: request.headers, body, status });
}
