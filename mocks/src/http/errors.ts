// Errors a handler throws; the error handler turns them into the contract's error envelope. The
// codes the specification shows come first; the `MOCK_*` codes are the mock's choices for what it
// leaves open, and always carry an `X-Mock-Gap` header naming the gap.
export class MockHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly description: string;
  /** The open fact this response answers, sent as `X-Mock-Gap`. */
  readonly gap?: string;
  /** Further response headers the status calls for (`Allow` on a 405). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    title: string,
    description: string,
    gap?: string,
    headers: Record<string, string> = {},
  ) {
    super(`${status} ${code}: ${description}`);
    this.status = status;
    this.code = code;
    this.title = title;
    this.description = description;
    this.gap = gap;
    this.headers = headers;
  }

  /** The same error, marked as answering an open fact. */
  withGap(gap: string): MockHttpError {
    return new MockHttpError(this.status, this.code, this.title, this.description, gap, this.headers);
  }
}

const PARAMETER_ERROR_GAP = 'error code and HTTP status for missing or invalid parameters';

export const errors = {
  unauthorized: (description = 'Invalid or missing credentials') =>
    new MockHttpError(401, '4010', 'Unauthorized', description),
  engineUnavailable: () =>
    new MockHttpError(
      500,
      'Error0',
      'Analysis engine unavailable',
      'The analysis engine cannot be reached; retry later',
    ),
  companyListFailed: (description = 'An unexpected error occurred while listing projects') =>
    new MockHttpError(500, '5000', 'Internal Server Error', description),
  noCredits: () => new MockHttpError(402, 'Error131', 'No credits', 'The plan has no credits left; nothing is charged'),
  tooManyFiles: (count: number) =>
    new MockHttpError(400, 'Error209', 'Too many files', `The folder holds ${count} files; a run accepts at most 50`),
  folderNotFound: () =>
    new MockHttpError(404, 'Error100', 'Not found', 'folderPath does not name a folder the caller uploaded'),
  fundRunNotFound: () =>
    new MockHttpError(404, 'Error100', 'Not found', 'No fund run with this fundExtractionId exists in the workspace'),
  noRoleOnFund: () => new MockHttpError(403, 'Error212', 'Forbidden', 'The user has no role on this fund'),

  invalidRequest: (description: string, gap = PARAMETER_ERROR_GAP) =>
    new MockHttpError(400, 'MOCK_INVALID_REQUEST', 'Invalid request', description, gap),
  notFound: (description: string, gap: string) =>
    new MockHttpError(404, 'MOCK_NOT_FOUND', 'Not found', description, gap),
  sessionLimit: (description: string, gap: string) =>
    new MockHttpError(503, 'MOCK_TOO_MANY_SESSIONS', 'Too many sessions', description, gap),
  resetDuringRequest: () =>
    new MockHttpError(
      409,
      'MOCK_RESET_DURING_REQUEST',
      'Mock reset',
      'The mock was reset while this request was being received; nothing was stored',
      'answer to a request still being received when the mock is reset (a test control)',
    ),
} as const;
