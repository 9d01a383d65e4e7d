// Content-Type on calls without a body: the specification states `Content-Type: application/json`
// as required on the company list (a GET) and the webhook calls, so every bodiless request says it.
// A request with a body keeps the type its body gave it (JSON, or multipart with its boundary).
import type { Middleware } from 'openapi-fetch';

export const JSON_CONTENT_TYPE = 'application/json';

export function contentTypeMiddleware(): Middleware {
  return {
    onRequest({ request }) {
      if (request.body === null) request.headers.set('Content-Type', JSON_CONTENT_TYPE);
      return request;
    },
  };
}
