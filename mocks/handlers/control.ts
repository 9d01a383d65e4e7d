// The control API (control-api.openapi.yaml): reset, state, settle, project status, engine and fault switches.
import type { FastifyRequest } from 'fastify';
import type { components } from '../../generated/types.ts';
import { changeProjectStatus } from '../domain/projects.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { FaultSwitches } from '../domain/state.ts';
import { snapshot } from '../domain/snapshot.ts';
import { metadataEnvelope } from '../http/envelope.ts';
import { MockHttpError } from '../http/errors.ts';
import type { RouteHandler, RouteResult } from '../http/contract-router.ts';
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
  };
}
