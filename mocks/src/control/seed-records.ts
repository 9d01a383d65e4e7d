// A seed's records and clock, as the mock's configuration puts them in (`POST /__mock/reset`,
// `--seed`, `startMock({ seed })`): the seed's projects, each with a completed analysis unless it
// says otherwise, and deterministic identifiers and times from its `startTime` (counter-based uuids
// that say what they name, a clock that moves one second per reading) so tests and recorded
// examples are reproducible. No operation of the specification reaches this: it is the data a
// deployment starts with (docs/decisions/2026-11-mutation-boundary.md).
import type { IdKind, IdSource } from '../domain/ids.ts';
import type { AnalysisRecord, ProjectRecord } from '../domain/records.ts';
import type { SeedProject } from '../domain/seed.ts';
import { DEFAULT_PHASE, DEFAULT_STATUS, type MockState, scoreFor } from '../domain/state.ts';

/** Hex prefix per kind of record, so deterministic ids say what they name. */
const KIND_PREFIX: Record<IdKind, string> = {
  project: 'a0000000',
  analysis: 'b0000000',
  entity: 'c0000000',
  fundRun: 'd0000000',
  webhook: 'e0000000',
  folder: 'f0000000',
};

/** Counter-based ids and a clock starting at `startTime`; throws when it is not a timestamp. */
export function deterministicIds(startTime: string): IdSource {
  let counter = 0;
  let clock = Date.parse(startTime);
  if (Number.isNaN(clock)) throw new Error(`startTime is not an ISO 8601 timestamp: ${startTime}`);
  const id = (kind: IdKind, at: number) => `${KIND_PREFIX[kind]}-0000-4000-8000-${at.toString(16).padStart(12, '0')}`;
  return {
    uuid(kind) {
      counter += 1;
      return id(kind, counter);
    },
    upcoming: (count, kind) => Array.from({ length: count }, (_, k) => id(kind, counter + 1 + k)),
    now() {
      const iso = new Date(clock).toISOString();
      clock += 1000;
      return iso;
    },
    position: () => ({ counter, clock }),
    resume(position) {
      ({ counter, clock } = position);
    },
  };
}

/** Puts the seed's projects into a new state; throws when one names an unknown owner. */
export function addSeedProjects(state: MockState): void {
  for (const p of state.seed.data.projects) addSeedProject(state, p);
}

function addSeedProject(state: MockState, p: SeedProject): void {
  if (!state.users.some((u) => u.id === p.ownerUserId)) {
    throw new Error(`Seed project ${p.companyName} names an unknown owner ${p.ownerUserId}`);
  }
  const createdAt = state.ids.now();
  const project: ProjectRecord = {
    id: p.id ?? state.ids.uuid('project'),
    ownerUserId: p.ownerUserId,
    projectType: null,
    name: p.name ?? p.companyName,
    companyName: p.companyName,
    companyWebsite: p.companyWebsite ?? null,
    companyLegalName: p.companyLegalName ?? null,
    companyEmail: p.companyEmail ?? null,
    companyIndustry: p.companyIndustry ?? '',
    companyCountry: p.companyCountry ?? '',
    companyBusinessModel: p.companyBusinessModel ?? '',
    companyStage: p.companyStage ?? '',
    companyRevenueRange: p.companyRevenueRange ?? '',
    description: p.description ?? '',
    isVisible: true,
    isPending: false,
    isUnread: false,
    status: p.projectstatus ?? { ...DEFAULT_STATUS },
    phase: p.projectphase ?? { ...DEFAULT_PHASE },
    extraConfig: {},
    platformEntityCompanyId: state.ids.uuid('entity'),
    messages: [],
    createdAt,
  };
  state.projects.set(project.id, project);
  if (p.completedAnalysis ?? true) {
    const analysis: AnalysisRecord = {
      id: state.ids.uuid('analysis'),
      projectId: project.id,
      type: 'company',
      status: 'completed',
      sources: [],
      awaitingUpload: false,
      unreadable: false,
      score: null,
      createdAt,
    };
    analysis.score = scoreFor(state.seed, analysis);
    state.analyses.set(analysis.id, analysis);
  }
}
