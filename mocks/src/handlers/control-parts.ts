// What a control call reads of a session whose stored image is still being fetched (PostgreSQL),
// keyed by its operationId in control-api.openapi.yaml as OWN_PARTS keys the service's
// (operation-parts.ts): the calls that read no project or analysis (a reset or an import replaces
// the state; switches, credits and the request journal are not in an image's lazy parts) do not
// wait; a project's status change fetches that project, settling and moving the clock what the
// pending jobs read, a trigger what its event names; any other call (the state, an export) reads
// every record and waits for the whole image.
import type { TriggerRequest } from '../control/triggered-events.ts';
import type { ContractOperation } from '../http/contract-operations.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { RouteHandler } from '../http/operation-pipeline.ts';
import { fetchPendingWork, fetchProject } from '../persistence/fetch-parts.ts';
import type { MockSession } from '../session.ts';
import type { SessionSource } from '../sessions/session-source.ts';

/** Resolves once what the call reads of the session is at hand. */
type ControlReads = (request: MockRequest, session: MockSession) => Promise<void>;

const nothing: ControlReads = async () => {};

/** The control calls that do not wait for the whole image, by operationId. */
export const CONTROL_PARTS: Readonly<Record<string, ControlReads>> = {
  listMockControls: nothing,
  resetMock: nothing,
  setMockCredits: nothing,
  setMockEngine: nothing,
  setMockFaults: nothing,
  getMockDeliverySwitches: nothing,
  setMockDeliverySwitches: nothing,
  listMockRequests: nothing,
  dropMockSession: nothing,
  // An import replaces the state whole (a failure keeps the state before: its image stays held).
  importMockSession: nothing,
  // The pending jobs' records (processing-clock.ts runs them).
  settleMock: (_request, session) => fetchPendingWork(session.state, () => session.whole()),
  advanceMockClock: (_request, session) => fetchPendingWork(session.state, () => session.whole()),
  changeMockProjectStatus: (request, session) => fetchProject(session.state, String(request.params['projectId'])),
  // A fund run's event reads fund runs, and a named project's its project and analyses; a project
  // event without a project looks for the newest one fit to announce (any record): the whole image.
  triggerMockWebhook: async (request, session) => {
    const { event, projectId } = request.body as TriggerRequest;
    if (event === 'fundAnalysisCompleted') return;
    await (projectId ? fetchProject(session.state, projectId) : session.whole());
  },
};

/** Throws unless every operationId CONTROL_PARTS names is one of the control contract's. */
export function checkControlParts(operations: readonly ContractOperation[]): void {
  const known = new Set(operations.map((operation) => operation.operationId));
  const unknown = Object.keys(CONTROL_PARTS).filter((id) => !known.has(id));
  if (unknown.length)
    throw new Error(`control-parts.ts names operations the control contract lacks: ${unknown.join(', ')}`);
}

/**
 * The control handlers, each first fetching what it reads of its session's stored image (with the
 * PostgreSQL store; app.ts wraps them only then). The router has validated the request and placed
 * the session (`sessionFor` finds it).
 */
export function controlRoutes(
  sessions: SessionSource,
  operations: readonly ContractOperation[],
  handlers: Record<string, RouteHandler<undefined>>,
): Record<string, RouteHandler<undefined>> {
  checkControlParts(operations);
  return Object.fromEntries(
    Object.entries(handlers).map(([operationId, handler]) => {
      const reads = CONTROL_PARTS[operationId];
      if (reads === nothing) return [operationId, handler];
      const route: RouteHandler<undefined> = async (request, caller) => {
        const session = sessions.sessionFor(request);
        if (session.fetchRest) await (reads ? reads(request, session) : session.whole());
        return handler(request, caller);
      };
      return [operationId, route];
    }),
  );
}
