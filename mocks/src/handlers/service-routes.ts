// The service's operation handlers as routes over a session source: each call runs in the
// caller's session (X-Mock-Session), as one of that session's users. Shared by the HTTP mock
// (app.ts) and the MSW handlers (msw/create-handlers.ts).
import type { UserRecord } from '../domain/records.ts';
import { authenticateUser } from '../http/auth.ts';
import type { Authenticate, RouteHandler } from '../http/operation-pipeline.ts';
import type { SessionSource } from '../sessions/session-source.ts';
import { serviceHandlers } from './index.ts';
import type { OperationHandler, OperationInput, ServiceOperation } from './operation-types.ts';

/** Operations whose handler waits for the parts of a stored image it reads (companies.ts). */
const WAITS_FOR_ITS_OWN = new Set(['listProjects']);

export function serviceRoutes(sessions: SessionSource): Record<string, RouteHandler<UserRecord>> {
  return Object.fromEntries(
    Object.entries(serviceHandlers).map(([operationId, handler]) => {
      // Each handler's input is the one its operation declares; the router validated it already.
      const run = handler as unknown as OperationHandler<ServiceOperation>;
      const route: RouteHandler<UserRecord> = async (request, user) => {
        const session = sessions.sessionFor(request);
        // A session whose stored image is still being fetched (PostgreSQL): the rule may read any
        // record, so it waits for all of them; the company list waits for its page's only.
        if (!WAITS_FOR_ITS_OWN.has(operationId)) await session.whole();
        return run({
          request,
          user,
          runtime: session,
          query: request.query,
          body: request.body,
        } as OperationInput<ServiceOperation>);
      };
      return [operationId, route];
    }),
  );
}

/** The caller among the users of its session, by the operation's security schemes. */
export function serviceAuthenticate(sessions: SessionSource): Authenticate<UserRecord> {
  return (security, request) => authenticateUser(security, request, sessions.sessionFor(request).state.users);
}
