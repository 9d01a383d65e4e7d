// Every failure leaves as the contract's error envelope (top-level placement), never as Fastify's
// own error body: thrown MockHttpErrors as they are, parser and framework errors as MOCK_* codes.
// The answers themselves (errorAnswer, unknownRoute) are shared with the MSW handlers (fetch-handler.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AllowedMethods } from './allowed-methods.ts';
import { errorEnvelope } from './envelope.ts';
import { errors, MockHttpError } from './errors.ts';
import { GAP_HEADER } from './gap-header.ts';

const MALFORMED_GAP = 'error code and HTTP status for a malformed request';

/** Framework error codes and what the mock answers for them. */
const FRAMEWORK_ERRORS: Record<string, { code: string; title: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'MOCK_MALFORMED_JSON', title: 'Malformed JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'MOCK_MALFORMED_JSON', title: 'Malformed JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'MOCK_UNSUPPORTED_MEDIA_TYPE', title: 'Unsupported media type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'MOCK_INVALID_REQUEST', title: 'Invalid request' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'MOCK_BODY_TOO_LARGE', title: 'Body too large' },
};

export function toMockError(error: FastifyError | Error): MockHttpError {
  if (error instanceof MockHttpError) return error;
  const { code, statusCode } = error as FastifyError;
  const known = code ? FRAMEWORK_ERRORS[code] : undefined;
  if (known && statusCode) return new MockHttpError(statusCode, known.code, known.title, error.message, MALFORMED_GAP);
  if (statusCode && statusCode >= 400 && statusCode < 500) {
    return new MockHttpError(statusCode, 'MOCK_INVALID_REQUEST', 'Invalid request', error.message, MALFORMED_GAP);
  }
  return new MockHttpError(
    500,
    'MOCK_INTERNAL_ERROR',
    'Internal Server Error',
    error.message,
    'error code of an unexpected failure',
  );
}

/** An error as status, headers (X-Mock-Gap and what the status calls for) and the envelope. */
export function errorAnswer(error: MockHttpError): { status: number; headers: Record<string, string>; body: unknown } {
  return {
    status: error.status,
    headers: { ...(error.gap ? { [GAP_HEADER]: error.gap } : {}), ...error.headers },
    body: errorEnvelope(error.code, error.title, error.description),
  };
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (`%E0%A4%A`) or a parameter over its length
 * limit, answered in the envelope as the other malformed requests are (before routing, so no hook).
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void sendMockError(reply, toMockError(error));
}

function sendMockError(reply: FastifyReply, error: MockHttpError): FastifyReply {
  const { status, headers, body } = errorAnswer(error);
  return reply.code(status).headers(headers).send(body);
}

/** The answer to a method and path the contract has no operation for: 405 on a known path, else 404. */
export function unknownRoute(method: string, path: string, allowed: string[]): MockHttpError {
  return allowed.length > 0
    ? new MockHttpError(
        405,
        'MOCK_METHOD_NOT_ALLOWED',
        'Method not allowed',
        `The contract has no operation ${method} ${path}; this path takes ${allowed.join(', ')}`,
        'error code of a method the contract does not have on a path it has',
        { Allow: allowed.join(', ') },
      )
    : new MockHttpError(
        404,
        'MOCK_NOT_FOUND',
        'Not found',
        `No operation ${method} ${path} in the contract`,
        'response for a path the contract does not have',
      );
}

export interface ErrorHandlerOptions {
  companyListPath: string;
  /** The methods of every served path: another method on one of them is a 405, not a 404. */
  allowedMethods: AllowedMethods;
}

export function installErrorHandlers(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let mockError = toMockError(error);
    // The company list has its own documented code for an unexpected error.
    if (mockError.code === 'MOCK_INTERNAL_ERROR' && request.routeOptions.url === options.companyListPath) {
      mockError = errors.companyListFailed(error.message);
    }
    if (mockError.status >= 500) request.log.error(error);
    // Fastify closes the connection when it refuses a body before reading it; closing with the body
    // unread resets the socket and the client loses the 413. Kept open, Node discards the rest.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection');
    return sendMockError(reply, mockError);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return sendMockError(reply, unknownRoute(request.method, path, options.allowedMethods.for(path)));
  });
}
