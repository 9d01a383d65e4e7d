// The service's operation handlers as routes over a session source: each call runs in the
// caller's session (X-Mock-Session), as one of that session's users. Shared by the HTTP mock
// (app.ts) and the MSW handlers (msw/create-handlers.ts).
import type { UserRecord } from '../domain/records.ts';
import { authenticateUser } from '../http/auth.ts';
import type { Authenticate, RouteHandler } from '../http/operation-pipeline.ts';
import type { SessionSource } from '../sessions/session-source.ts';
import { serviceHandlers } from './index.ts';
import { OWN_PARTS, type OwnParts } from './operation-parts.ts';
import type { OperationHandler, OperationInput, ServiceOperation } from './operation-types.ts';

/** Operations whose handler waits for the parts of a stored image it reads (companies.ts). */
const WAITS_IN_HANDLER = new Set(['listProjects']);

export function serviceRoutes(sessions: SessionSource): Record<string, RouteHandler<UserRecord>> {
  return Object.fromEntries(
    Object.entries(serviceHandlers).map(([operationId, handler]) => {
      // Each handler's input is the one its operation declares; the router validated it already.
      const run = handler as unknown as OperationHandler<ServiceOperation>;
      const own = OWN_PARTS[operationId as ServiceOperation] as OwnParts<ServiceOperation> | undefined;
      const route: RouteHandler<UserRecord> = async (request, user) => {
        const session = sessions.sessionFor(request);
        const input = {
          request,
          user,
          runtime: session,
          query: request.query,
          body: request.body,
        } as OperationInput<ServiceOperation>;
        // A session whose stored image is still being fetched (PostgreSQL): an operation of
        // OWN_PARTS fetches what its rule reads (again while another request draws the ids it
        // fetched for; then the rule runs in the same turn), the company list its page's; any other
        // may read every record, so it waits for all of them.
        if (own) {
          for (let drawn = own.drawn?.(input); session.fetchRest; drawn = own.drawn?.(input)) {
            await own.fetch(input);
            if (own.drawn?.(input) === drawn) break;
          }
        } else if (!WAITS_IN_HANDLER.has(operationId)) await session.whole();
        return run(input);
      };
      return [operationId, route];
    }),
  );
}

/** The caller among the users of its session, by the operation's security schemes. */
export function serviceAuthenticate(sessions: SessionSource): Authenticate<UserRecord> {
  return (security, request) => authenticateUser(security, request, sessions.sessionFor(request).state.users);
}
