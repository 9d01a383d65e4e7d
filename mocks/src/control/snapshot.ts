// The whole state as JSON (GET /__mock/state): what tests assert on besides the service's answers.
import { projectView } from '../domain/project-views.ts';
import { pendingCount } from './processing-clock.ts';
import type { MockState } from '../domain/state.ts';

export function snapshot(state: MockState) {
  return {
    credits: state.credits,
    engineAvailable: state.engineAvailable,
    faults: { ...state.faults },
    pendingJobs: pendingCount(state.scheduler),
    seed: state.seed,
    users: state.users.map((u) => ({ ...u, fundRoles: Object.fromEntries(u.fundRoles) })),
    projects: [...state.projects.values()].map((p) => ({
      ...projectView(state, p),
      ownerUserId: p.ownerUserId,
      projectType: p.projectType,
      description: p.description,
      messages: [...p.messages],
    })),
    analyses: [...state.analyses.values()].map((a) => ({ ...a, sources: [...a.sources] })),
    folders: [...state.folders.values()].map(({ dir: _dir, ...folder }) => ({
      ...folder,
      fileNames: [...folder.fileNames],
    })),
    fundRuns: [...state.fundRuns.values()].map((r) => ({ ...r })),
    webhookConfigurations: Object.fromEntries(state.webhookConfigs),
    webhookDeliveries: Object.fromEntries(state.users.map((u) => [u.id, state.webhooks.history(u.id)])),
  };
}
