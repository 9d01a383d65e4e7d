// Whether a request carries a body, judged from its framing headers alone (before it is read).
import type { HeaderRecord } from '../sessions/session-header.ts';

export function hasBody(headers: HeaderRecord): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}
