// A body sent with a content coding (gzip, br, ...) is refused as a whole with 415 (RFC 9110
// §15.5.16) and `Accept-Encoding: identity` (RFC 7694), before it is read: the mock reads bodies
// as sent, and decoding gzip as JSON would otherwise answer a misleading 400 "malformed JSON".
import { MockHttpError } from './errors.ts';
import type { HeaderRecord } from '../sessions/session-header.ts';
import { hasBody } from './request-body.ts';

/** The codings named in Content-Encoding other than `identity`, in order. */
function codings(headers: HeaderRecord): string[] {
  return String(headers['content-encoding'] ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/** Throws 415 when the request has a body with a content coding. */
export function refuseEncodedBody(headers: HeaderRecord): void {
  const encoded = codings(headers);
  if (encoded.length === 0 || !hasBody(headers)) return;
  throw new MockHttpError(
    415,
    'MOCK_UNSUPPORTED_CONTENT_ENCODING',
    'Unsupported content encoding',
    `The body is sent with Content-Encoding ${encoded.join(', ')}; the mock takes bodies without a content coding (identity): send the body uncompressed`,
    'answer to a request body with a content coding',
    { 'Accept-Encoding': 'identity' },
  );
}
