// Rewrites every envelope body, metadata-wrapped or top-level, into the normalized shape.
import type { Middleware } from 'openapi-fetch';
import { normalizeEnvelope, parseJson } from './envelope.ts';

export function envelopeMiddleware(): Middleware {
  return {
    async onResponse({ response }) {
      const normalized = normalizeEnvelope(parseJson(await response.clone().text()));
      // Bodies in neither placement pass through untouched; the error middleware judges them.
      if (!normalized) return undefined;
      const headers = new Headers(response.headers);
      headers.delete('Content-Length');
      headers.set('Content-Type', 'application/json');
      return new Response(JSON.stringify(normalized), {
        status: response.status,
        statusText: response.statusText,
        headers,
      });
    },
  };
}
