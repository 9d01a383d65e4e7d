// Whether a request carries a body, judged from its framing headers alone (before it is read).
import type { IncomingHttpHeaders } from 'node:http';

export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}
