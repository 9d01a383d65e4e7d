// Turns every failed call into an IntegrationError: error statuses, bodies that are not an
// envelope (even on 2xx) and requests that never got a response.
import type { Middleware } from 'openapi-fetch';
import { isNormalizedEnvelope, parseJson } from './envelope.ts';
import { IntegrationError, kindOfCode } from './integration-error.ts';

/** At most this much of an unreadable body goes into the error, enough to recognise an HTML error page. */
const BODY_EXCERPT_CHARS = 200;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > BODY_EXCERPT_CHARS ? `${flat.slice(0, BODY_EXCERPT_CHARS)}…` : flat;
}

function errorFromResponse(response: Response, text: string, operation: string): IntegrationError | undefined {
  const body = parseJson(text);
  if (isNormalizedEnvelope(body)) {
    if (response.ok) return undefined;
    return new IntegrationError({
      kind: kindOfCode(body.code),
      status: response.status,
      code: body.code,
      title: body.title,
      description: body.description,
    });
  }
  const contentType = response.headers.get('Content-Type') ?? 'no content type';
  return new IntegrationError({
    kind: 'invalid-response',
    status: response.status,
    code: null,
    title: response.ok ? 'Response is not an envelope' : response.statusText || 'Request failed',
    description: `${operation} answered HTTP ${response.status} with ${
      text.trim() === ''
        ? 'an empty body'
        : `a body that is not the contract's envelope (${contentType}): ${excerpt(text)}`
    }`,
  });
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/**
 * What went wrong with the connection, in one line: fetch's own message ("fetch failed", "Failed to
 * fetch") says nothing, the reason is in its causes (ECONNREFUSED, ENOTFOUND, a certificate).
 */
export function networkDescription(operation: string, error: unknown): string {
  const messages: string[] = [];
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (message && !messages.includes(message)) messages.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  // In a browser a refused cross-origin call looks exactly like a lost connection.
  const inBrowser = typeof (globalThis as { document?: unknown }).document !== 'undefined';
  const hint = inBrowser
    ? " (in a browser, also what a cross-origin call the server does not allow looks like: check that the server allows this page's origin (CORS; the mock allows loopback origins, see its --cors) or call it through your dev server's proxy)"
    : '';
  return `${operation}: ${messages.join(': ')}${hint}`;
}

export function errorMiddleware(): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      const error = errorFromResponse(response, await response.clone().text(), `${request.method} ${schemaPath}`);
      if (error) throw error;
      return undefined;
    },
    onError({ request, error, schemaPath }) {
      if (error instanceof IntegrationError) return error;
      const operation = `${request.method} ${schemaPath}`;
      return new IntegrationError({
        kind: isAbort(error) ? 'aborted' : 'network',
        status: null,
        code: null,
        title: isAbort(error) ? 'Request aborted' : 'Network error',
        description: isAbort(error)
          ? `${operation}: ${error instanceof Error ? error.message : String(error)}`
          : networkDescription(operation, error),
        cause: error,
      });
    },
  };
}
