// Sets the one Authorization header the contract asks for on each operation.
import type { Middleware } from 'openapi-fetch';
import { IntegrationError } from './integration-error.ts';
import { authFor, type Credentials } from './operation-security.ts';

export function authMiddleware(credentials: Credentials): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const auth = authFor(request.method, schemaPath, credentials);
      if (auth.kind === 'missing') {
        throw IntegrationError.refused(
          'Missing credential',
          `${request.method} ${schemaPath} needs ${auth.needs.join(' or ')}; pass it to createIntegrationClient.`,
        );
      }
      // A caller-supplied Authorization must not ride along with the contract's choice.
      request.headers.delete('Authorization');
      if (auth.kind === 'header') request.headers.set(auth.name, auth.value);
      return request;
    },
  };
}
