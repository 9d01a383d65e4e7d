// The control API (control-api.openapi.yaml): the index of its calls, and per session (the
// X-Mock-Session header, as for the service) reset, state, settle, credits, project status,
// engine and fault switches, webhook triggers and delivery switches, and the provider-state set-up call of the pacts.
import { errors, MockHttpError } from '../http/errors.ts';
import {
  BodyTooLarge,
  importStream,
  type ImportSpools,
  InvalidDocument,
  MalformedBody,
} from '../persistence/import-stream.ts';
import { changeProjectStatus } from '../control/project-status.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { FaultSwitches } from '../domain/state.ts';
import {
  type DeliverySwitches,
  deliverySwitches,
  setDeliverySwitches,
  switchGaps,
  triggerDelivery,
} from '../control/delivery-switches.ts';
import { advance, pendingCount } from '../control/processing-clock.ts';
import { snapshot } from '../control/snapshot.ts';
import { type TriggerRequest, TriggerProblem, triggeredEvent } from '../control/triggered-events.ts';
import {
  ExportTooLargeError,
  exportSession,
  importSession,
  type SessionExport,
} from '../persistence/session-export.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { UNKNOWN_FIELDS_HEADER, unknownFieldsHeader } from '../http/unknown-fields.ts';
import type { RouteHandler, RouteResult } from '../http/contract-router.ts';
import { arrangements, type StateParams } from '../provider-states/arrangements.ts';
import { StateContext } from '../provider-states/state-context.ts';
import type { MockRequest } from '../http/mock-request.ts';
import type { MockSession } from '../session.ts';
import type { JournalFilter } from '../sessions/request-journal.ts';
import { DEFAULT_SESSION, SESSION_HEADER } from '../sessions/session-header.ts';
import type { SessionSource } from '../sessions/session-source.ts';
import { controlErrors } from './control-errors.ts';
import { controlCalls } from './control-index.ts';
import { phaseFor, type PhaseChange } from './phase-change.ts';

interface StatusChange {
  code: string;
  name?: string;
  order?: number;
  isVisible?: boolean;
  hasProjectPhase?: boolean;
  phase?: PhaseChange;
}

export interface ControlOptions {
  /**
   * The export's body as the HTTP mock streams it (persistence/export-file.ts: its JSON text, never
   * whole in memory); without it, the document as an object (the MSW handlers).
   */
  exportStream?: (session: MockSession) => Promise<unknown>;
  /** Where a streamed import keeps its files and records until the body ends (persistence/import-spools.ts: on disk); without it, in memory. */
  importSpools?: ImportSpools;
}

export function controlHandlers(
  runtime: SessionSource,
  controlDoc: Record<string, unknown>,
  { exportStream, importSpools }: ControlOptions = {},
): Record<string, RouteHandler<undefined>> {
  const calls = controlCalls(controlDoc);
  const stateResult = (session: MockSession): RouteResult => ({
    body: metadataEnvelope({ ...snapshot(session.state), session: session.id, uploadsDir: session.storage.root }),
  });
  const sessionOf = (request: MockRequest) => runtime.sessionFor(request);
  const namedSession = (request: MockRequest) => runtime.sessionNamed(request, request.params['sessionId']!);
  return {
    async listMockControls() {
      return { body: metadataEnvelope({ sessionHeader: SESSION_HEADER, calls }) };
    },
    async resetMock(request: MockRequest) {
      const session = sessionOf(request);
      try {
        await session.reset(request.body as MockSeed | undefined);
      } catch (error) {
        throw controlErrors.invalidSeed(error instanceof Error ? error.message : String(error));
      }
      return stateResult(session);
    },
    async exportMockSession(request: MockRequest) {
      try {
        const session = namedSession(request);
        if (exportStream)
          return {
            body: await exportStream(session),
            headers: { 'content-type': 'application/json; charset=utf-8' },
          };
        return { body: await exportSession(session) };
      } catch (error) {
        if (error instanceof ExportTooLargeError) throw controlErrors.exportTooLarge(error.message);
        throw error;
      }
    },
    async importMockSession(request: MockRequest) {
      const session = namedSession(request);
      const streamed = request.streamedBody;
      try {
        if (!streamed) {
          const read = await importSession(session, request.body as SessionExport);
          return { body: metadataEnvelope({ session: session.id, ...read }) };
        }
        // The pipeline names a parsed body's undeclared properties; a streamed one's are found as it is read.
        const { unknownFields, ...read } = await importStream(session, streamed, importSpools);
        return {
          body: metadataEnvelope({ session: session.id, ...read }),
          ...(unknownFields.length ? { headers: { [UNKNOWN_FIELDS_HEADER]: unknownFieldsHeader(unknownFields) } } : {}),
        };
      } catch (error) {
        // The store refused the write (a cluster node's 503), or the disk the switch: the document was fine.
        if (error instanceof MockHttpError) throw error;
        if (error instanceof MalformedBody)
          throw controlErrors.malformedBody(`The body is not a whole JSON document: ${error.message}`);
        if (error instanceof BodyTooLarge)
          throw controlErrors.bodyTooLarge(`Request body is too large: ${error.message}`);
        if (error instanceof InvalidDocument) throw errors.invalidRequest(error.message);
        if (isSystemError(error))
          throw controlErrors.storageFailed(
            `The session could not be replaced, and is as it was: ${(error as Error).message}; retry`,
          );
        throw controlErrors.invalidRequest(
          `The document is not a session this mock can take: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    async getMockState(request: MockRequest) {
      return stateResult(sessionOf(request));
    },
    async settleMock(request: MockRequest) {
      const session = sessionOf(request);
      const summary = await session.settle();
      return { body: metadataEnvelope({ ...summary, pendingJobs: pendingCount(session.state.scheduler) }) };
    },
    async setMockCredits(request: MockRequest) {
      const { state } = sessionOf(request);
      state.credits = (request.body as { credits: number }).credits;
      state.touch();
      return { body: metadataEnvelope({ credits: state.credits }) };
    },
    async changeMockProjectStatus(request: MockRequest) {
      const { state } = sessionOf(request);
      const { projectId } = request.params as { projectId: string };
      const change = request.body as StatusChange;
      const project = state.projects.get(projectId);
      if (!project) throw controlErrors.notFound(`No project ${projectId}`);
      const phase = change.phase === undefined ? undefined : phaseFor(state.seed.phases, change.phase);
      const event = changeProjectStatus(
        state,
        project,
        {
          name: change.name ?? change.code,
          code: change.code,
          order: change.order ?? project.status.order,
          isVisible: change.isVisible ?? project.status.isVisible,
          hasProjectPhase: change.hasProjectPhase ?? project.status.hasProjectPhase,
        },
        phase,
      );
      return { body: metadataEnvelope(event) };
    },
    async listMockRequests(request: MockRequest) {
      const { method, path, status, limit } = request.query as JournalFilter;
      return { body: metadataEnvelope(sessionOf(request).journal.list({ method, path, status, limit })) };
    },
    async advanceMockClock(request: MockRequest) {
      const { state } = sessionOf(request);
      const jobsRun = advance(state.scheduler, (request.body as { advanceMs: number }).advanceMs);
      return { body: metadataEnvelope({ jobsRun, pendingJobs: pendingCount(state.scheduler) }) };
    },
    async dropMockSession(request: MockRequest) {
      const { id } = sessionOf(request);
      if (id === DEFAULT_SESSION)
        throw controlErrors.invalidRequest('the default session cannot be dropped; reset it instead');
      await runtime.drop(id);
      return { body: metadataEnvelope({ dropped: id }) };
    },
    async setMockEngine(request: MockRequest) {
      const { state } = sessionOf(request);
      state.engineAvailable = (request.body as { available: boolean }).available;
      return { body: metadataEnvelope({ available: state.engineAvailable }) };
    },
    async setMockFaults(request: MockRequest) {
      const { state } = sessionOf(request);
      Object.assign(state.faults, request.body as Partial<FaultSwitches>);
      return { body: metadataEnvelope({ ...state.faults }) };
    },
    async triggerMockWebhook(request: MockRequest) {
      const { state } = sessionOf(request);
      let triggered;
      try {
        triggered = triggeredEvent(state, request.body as TriggerRequest);
      } catch (error) {
        if (!(error instanceof TriggerProblem)) throw error;
        throw error.status === 404 ? controlErrors.notFound(error.message) : controlErrors.conflict(error.message);
      }
      const outcome = await triggerDelivery(state, triggered.ownerUserId, triggered.event);
      if (!outcome)
        throw controlErrors.conflict(
          `User ${triggered.ownerUserId} saved no webhook configuration: save one with POST /api/integration/webhook first`,
        );
      return {
        body: metadataEnvelope({ event: triggered.event, ...outcome }),
        gaps: [...triggered.gaps, ...switchGaps(deliverySwitches(state))],
      };
    },
    async getMockDeliverySwitches(request: MockRequest) {
      const switches = deliverySwitches(sessionOf(request).state);
      return { body: metadataEnvelope({ ...switches }), gaps: switchGaps(switches) };
    },
    async setMockDeliverySwitches(request: MockRequest) {
      const switches = setDeliverySwitches(sessionOf(request).state, request.body as Partial<DeliverySwitches>);
      return { body: metadataEnvelope({ ...switches }), gaps: switchGaps(switches) };
    },
    // Pact's convention, not the envelope: the answer is the map of values the verifier injects.
    async setupProviderState(request: MockRequest) {
      const {
        state,
        params = {},
        action = 'setup',
      } = request.body as { state: string; params?: StateParams; action?: 'setup' | 'teardown' };
      const arrange = Object.hasOwn(arrangements, state) ? arrangements[state] : undefined;
      if (!arrange) {
        throw new MockHttpError(
          400,
          'MOCK_UNKNOWN_PROVIDER_STATE',
          'Unknown provider state',
          `The mock cannot arrange the provider state "${state}"`,
        );
      }
      // Every setup starts from a reset, so a teardown has nothing to undo.
      if (action === 'teardown') return { body: {} };
      try {
        return { body: await arrange(new StateContext(request.inject, sessionOf(request), runtime.startSeed), params) };
      } catch (error) {
        throw new MockHttpError(
          400,
          'MOCK_PROVIDER_STATE_FAILED',
          'Provider state not arranged',
          `"${state}": ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/** A failure of the file system or the store (it names a system call), not of the document. */
function isSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | undefined)?.syscall === 'string';
}
