// A project's status moved by the control API (`POST /__mock/projects/{projectId}/status`): no
// operation of the service moves one, so this is the mock's control, not the specification's rules.
// The move emits changedStatus to the project's owner like any delivery.
import type { components } from '../../../openapi/index.ts';
import type { ProjectRecord } from '../domain/records.ts';
import type { MockState } from '../domain/state.ts';
import { buildChangedStatusEvent } from '../events.ts';

type Schemas = components['schemas'];

/** Moves a project to another status (and phase); emits changedStatus to its owner. */
export function changeProjectStatus(
  state: MockState,
  project: ProjectRecord,
  status: Schemas['ProjectStatus'],
  phase: Schemas['ProjectPhase'] | undefined,
): Schemas['ChangedStatusEvent'] {
  const previousStatus = project.status.code;
  state.changed('project', project.id);
  project.status = status;
  if (phase) project.phase = phase;
  const event = buildChangedStatusEvent(project, {
    previousStatus,
    newStatus: status.code,
    stage: project.phase.code,
    changedAt: state.ids.now(),
  });
  state.webhooks.emit(project.ownerUserId, event);
  return event;
}
