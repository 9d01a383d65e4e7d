// The control API (control-api.openapi.yaml): reset, state, settle, project status, engine and fault
// switches, and the provider-state set-up call of the pacts.
import type { FastifyRequest } from 'fastify';
import type { components } from '../../generated/types.ts';
import { changeProjectStatus } from '../domain/projects.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { FaultSwitches } from '../domain/state.ts';
import { snapshot } from '../domain/snapshot.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { MockHttpError } from '../http/errors.ts';
import type { RouteHandler, RouteResult } from '../http/contract-router.ts';
import { arrangements, type StateParams } from '../provider-states/arrangements.ts';
import { StateContext } from '../provider-states/state-context.ts';
import type { MockRuntime } from '../runtime.ts';

type Schemas = components['schemas'];

interface StatusChange {
  code: string;
  name?: string;
  order?: number;
  isVisible?: boolean;
  hasProjectPhase?: boolean;
  phase?: Schemas['ProjectPhase'];
}

function controlError(status: number, description: string): MockHttpError {
  return new MockHttpError(status, status === 404 ? 'MOCK_NOT_FOUND' : 'MOCK_INVALID_SEED', status === 404 ? 'Not found' : 'Invalid seed', description);
}

export function controlHandlers(runtime: MockRuntime): Record<string, RouteHandler<undefined>> {
  const stateResult = (): RouteResult => ({ body: metadataEnvelope({ ...snapshot(runtime.state), uploadsDir: runtime.storage.root }) });
  return {
    async resetMock(request: FastifyRequest) {
      try {
        await runtime.reset(request.body as MockSeed | undefined);
      } catch (error) {
        throw controlError(400, error instanceof Error ? error.message : String(error));
      }
      return stateResult();
    },
    async getMockState() {
      return stateResult();
    },
    async settleMock() {
      await runtime.settle();
      return stateResult();
    },
    async changeMockProjectStatus(request: FastifyRequest) {
      const { projectId } = request.params as { projectId: string };
      const change = request.body as StatusChange;
      const project = runtime.state.projects.get(projectId);
      if (!project) throw controlError(404, `No project ${projectId}`);
      const event = changeProjectStatus(
        runtime.state,
        project,
        {
          name: change.name ?? change.code,
          code: change.code,
          order: change.order ?? project.status.order,
          isVisible: change.isVisible ?? project.status.isVisible,
          hasProjectPhase: change.hasProjectPhase ?? project.status.hasProjectPhase,
        },
        change.phase,
      );
      return { body: metadataEnvelope(event) };
    },
    async setMockEngine(request: FastifyRequest) {
      runtime.state.engineAvailable = (request.body as { available: boolean }).available;
      return { body: metadataEnvelope({ available: runtime.state.engineAvailable }) };
    },
    async setMockFaults(request: FastifyRequest) {
      Object.assign(runtime.state.faults, request.body as Partial<FaultSwitches>);
      return { body: metadataEnvelope({ ...runtime.state.faults }) };
    },
    // Pact's convention, not the envelope: the answer is the map of values the verifier injects.
    async setupProviderState(request: FastifyRequest) {
      const { state, params = {}, action = 'setup' } = request.body as { state: string; params?: StateParams; action?: 'setup' | 'teardown' };
      const arrange = Object.hasOwn(arrangements, state) ? arrangements[state] : undefined;
      if (!arrange) {
        throw new MockHttpError(400, 'MOCK_UNKNOWN_PROVIDER_STATE', 'Unknown provider state', `The mock cannot arrange the provider state "${state}"`);
      }
      // Every setup starts from a reset, so a teardown has nothing to undo.
      if (action === 'teardown') return { body: {} };
      try {
        return { body: await arrange(new StateContext(request.server, runtime), params) };
      } catch (error) {
        throw new MockHttpError(400, 'MOCK_PROVIDER_STATE_FAILED', 'Provider state not arranged', `"${state}": ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}
