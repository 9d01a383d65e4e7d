// Errors of the control API, in the service's top-level error envelope with `MOCK_*` codes.
import { MockHttpError } from '../http/errors.ts';

const MALFORMED_GAP = 'error code and HTTP status for a malformed request';

export const controlErrors = {
  invalidSeed: (description: string) => new MockHttpError(400, 'MOCK_INVALID_SEED', 'Invalid seed', description),
  invalidRequest: (description: string) =>
    new MockHttpError(400, 'MOCK_INVALID_REQUEST', 'Invalid request', description),
  exportTooLarge: (description: string) =>
    new MockHttpError(400, 'MOCK_EXPORT_TOO_LARGE', 'Export too large', description),
  // As the framework answers a body it refuses before the handler (http/error-handler.ts).
  malformedBody: (description: string) =>
    new MockHttpError(400, 'MOCK_MALFORMED_JSON', 'Malformed JSON', description, MALFORMED_GAP),
  bodyTooLarge: (description: string) =>
    new MockHttpError(413, 'MOCK_BODY_TOO_LARGE', 'Body too large', description, MALFORMED_GAP),
  storageFailed: (description: string) =>
    new MockHttpError(503, 'MOCK_STORAGE_FAILED', 'Storage failed', description, undefined, { 'retry-after': '1' }),
  notFound: (description: string) => new MockHttpError(404, 'MOCK_NOT_FOUND', 'Not found', description),
  conflict: (description: string) => new MockHttpError(409, 'MOCK_NOTHING_TO_SEND', 'Nothing to send', description),
} as const;
