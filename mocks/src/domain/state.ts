// All state of one session of the mock, in memory. One workspace (one credit balance) with several
// users; every record remembers its owner so users are isolated from each other.
import type { components } from '../../../openapi/index.ts';
import { AnalysisTable } from './analysis-table.ts';
import { deterministicIds, randomIds, type IdSource } from './ids.ts';
import { ProjectTable } from './project-table.ts';
import type {
  AnalysisRecord,
  FolderRecord,
  FundRunRecord,
  ProjectRecord,
  UserRecord,
  WebhookConfigRecord,
} from './records.ts';
import type { ProcessingJob } from './processing-job.ts';
import { Scheduler } from './scheduler.ts';
import { TrackedMap } from './tracked-map.ts';
import type { ResolvedSeed, SeedProject } from './seed.ts';
import { WebhookDispatcher } from './webhook-dispatcher.ts';

type Schemas = components['schemas'];

export const DEFAULT_STATUS: Schemas['ProjectStatus'] = {
  name: 'Active',
  code: 'active',
  order: 1,
  isVisible: true,
  hasProjectPhase: true,
};
export const DEFAULT_PHASE: Schemas['ProjectPhase'] = {
  name: 'Due diligence',
  code: 'dueDiligence',
  order: 1,
  isVisible: true,
};

export interface FaultSwitches {
  /** GET /integration/projects answers 500 `5000`. */
  companyList: boolean;
}

/** Runs one processing job on a state (jobs.ts's runJob; passed in, since the jobs' rules build on the state). */
export type JobRunner = (state: MockState, job: ProcessingJob) => void;

export interface StateOptions {
  /** What a scheduled job does when its time comes. */
  runJob: JobRunner;
  /** The session this state belongs to; its webhook deliveries name it. */
  sessionId?: string;
  /** Called on every change: the response cache keeps answers until any session changes (runtime.ts). */
  onTouch?: () => void;
  /** Remember which records change (`dirty`), for a state file. */
  track?: boolean;
  /** Start empty of the seed's projects: a state file puts back every record itself. */
  restoring?: boolean;
  /** Kept sessions: resolves once the changes so far are durable (webhooks are sent only then). */
  durable?: () => Promise<void>;
  /** Processing moves only when a test says (advance, settle): no real time passes for it. */
  manualClock?: boolean;
}

/** The kinds of records a state file keeps, each by a string key. */
export type RecordKind =
  | 'user'
  | 'project'
  | 'analysis'
  | 'folder'
  | 'fundRun'
  | 'webhook'
  | 'deliveries'
  | 'outbox'
  | 'job';

export class MockState {
  readonly ids: IdSource;
  /** Rises with every change of these records. */
  revision = 0;
  readonly sessionId: string | undefined;
  private readonly onTouch: (() => void) | undefined;
  /** Records changed since a state file last wrote them, as `kind\tkey` (only when tracked). */
  readonly dirty: Set<string> | undefined;
  private tracking = true;
  readonly scheduler: Scheduler<ProcessingJob>;
  readonly users: UserRecord[];
  readonly projects = new ProjectTable();
  readonly analyses = new AnalysisTable();
  readonly folders = new TrackedMap<FolderRecord>();
  readonly fundRuns = new TrackedMap<FundRunRecord>();
  readonly webhookConfigs = new TrackedMap<WebhookConfigRecord>();
  readonly webhooks = new WebhookDispatcher(this);
  credits: number;
  engineAvailable = true;
  /** Documented failures a test switches on (`POST /__mock/faults`); a reset clears them. */
  readonly faults: FaultSwitches = { companyList: false };

  readonly seed: ResolvedSeed;
  private readonly runJob: JobRunner;
  readonly durable: (() => Promise<void>) | undefined;

  constructor(
    seed: ResolvedSeed,
    { runJob, sessionId, onTouch, track = false, restoring = false, durable, manualClock = false }: StateOptions,
  ) {
    this.scheduler = new Scheduler<ProcessingJob>({
      run: (job) => this.runJob(this, job),
      ran: () => this.touch(),
      changed: (seq) => this.changed('job', String(seq)),
      manual: manualClock,
    });
    this.seed = seed;
    this.durable = durable;
    this.runJob = runJob;
    this.sessionId = sessionId;
    this.onTouch = onTouch;
    this.dirty = track ? new Set() : undefined;
    if (track) {
      const tables: [RecordKind, TrackedMap<unknown>][] = [
        ['project', this.projects],
        ['analysis', this.analyses],
        ['folder', this.folders],
        ['fundRun', this.fundRuns],
        ['webhook', this.webhookConfigs],
      ];
      for (const [kind, table] of tables) table.onChange = (key) => this.changed(kind, key);
    }
    // Deterministic only when asked: counter-based ids and a clock from the seed's startTime.
    // On a manual clock without startTime, records are stamped with that clock: no real time leaks in.
    this.ids =
      seed.startTime !== undefined
        ? deterministicIds(seed.startTime)
        : randomIds(manualClock ? () => this.scheduler.now() : undefined);
    this.credits = seed.credits;
    this.users = seed.users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      apiKey: u.apiKey,
      accessToken: u.accessToken,
      fundRoles: new Map(Object.entries(u.fundRoles ?? {})),
      // Cloned: linking a project to a folder changes the folder, never the seed.
      drive: u.drive ? { folders: u.drive.folders.map((f) => ({ ...f, files: [...(f.files ?? [])] })) } : null,
    }));
    if (!restoring) for (const p of seed.data.projects) this.addSeedProject(p);
  }

  /** Notes that a record changed in place (tables note their own sets and deletes). */
  changed(kind: RecordKind, key: string): void {
    if (this.tracking) this.dirty?.add(`${kind}\t${key}`);
  }

  /**
   * Runs `fill` without noting what it changes: records read back from a store are what the store
   * holds already (noting 200,000 of them to clear them next cost a tenth of a big session's read).
   */
  untracked(fill: () => void): void {
    this.tracking = false;
    try {
      fill();
    } finally {
      this.tracking = true;
    }
  }

  touch(): void {
    this.revision += 1;
    this.onTouch?.();
  }

  user(id: string): UserRecord {
    const user = this.users.find((u) => u.id === id);
    if (!user) throw new Error(`No user ${id} in the mock state`);
    return user;
  }

  /** Takes `amount` credits if the plan has them; never lets the balance go negative. */
  charge(amount: number): boolean {
    if (this.credits < amount) return false;
    this.credits -= amount;
    return true;
  }

  /** The table's own list (no copy: the company list reads it several times per project); callers only read it. */
  projectAnalyses(projectId: string): readonly AnalysisRecord[] {
    return this.analyses.ofProject(projectId);
  }

  private addSeedProject(p: SeedProject): void {
    if (!this.users.some((u) => u.id === p.ownerUserId)) {
      throw new Error(`Seed project ${p.companyName} names an unknown owner ${p.ownerUserId}`);
    }
    const createdAt = this.ids.now();
    const project: ProjectRecord = {
      id: p.id ?? this.ids.uuid('project'),
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
      platformEntityCompanyId: this.ids.uuid('entity'),
      messages: [],
      createdAt,
    };
    this.projects.set(project.id, project);
    if (p.completedAnalysis ?? true) {
      const analysis: AnalysisRecord = {
        id: this.ids.uuid('analysis'),
        projectId: project.id,
        type: 'company',
        status: 'completed',
        sources: [],
        awaitingUpload: false,
        unreadable: false,
        score: null,
        createdAt,
      };
      analysis.score = scoreFor(this.seed, analysis);
      this.analyses.set(analysis.id, analysis);
    }
  }
}

/** The score a completed analysis gives: the mean of the seeded fit dimensions. */
export function scoreFor(seed: ResolvedSeed, analysis: AnalysisRecord): Schemas['ProjectScore'] {
  const dims = seed.fitDimensions;
  const mean = dims.length ? dims.reduce((sum, d) => sum + d.score, 0) / dims.length : 0;
  return { status: 'done', scoreText: `Mock score of analysis ${analysis.id}`, score: Math.round(mean * 10) / 10 };
}
