// All state of one session of the mock, in memory. One workspace (one credit balance) with several
// users; every record remembers its owner so users are isolated from each other. A new state holds
// the seed's users and no projects: the seed's projects and its deterministic ids are put in by
// ../control/seed-records.ts, a store's change tracking by ../persistence/change-tracking.ts.
import type { components } from '../../../openapi/index.ts';
import { AnalysisTable } from './analysis-table.ts';
import { type GapChoices, MOCK_GAP_CHOICES } from './gap-choices.ts';
import { randomIds, type IdSource } from './ids.ts';
import { ProjectTable } from './project-table.ts';
import type { AnalysisRecord, FolderRecord, FundRunRecord, UserRecord, WebhookConfigRecord } from './records.ts';
import type { ProcessingJob } from './processing-job.ts';
import { Scheduler } from './scheduler.ts';
import { TrackedMap } from './tracked-map.ts';
import type { ResolvedSeed } from './seed.ts';
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
  onTouch: () => void;
  /** Identifiers and times (default random ids and the scheduler's clock). */
  ids?: IdSource;
  /** Kept sessions: resolves once the changes so far are durable (webhooks are sent only then). */
  durable?: () => Promise<void>;
  /** Processing moves only when a test says (advance, settle): no real time passes for it. */
  manualClock: boolean;
  /** Open values of records (a team's gap profile); default the mock's own. */
  gapChoices?: GapChoices;
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
  readonly sessionId: string | undefined;
  private readonly onTouch: () => void;
  /** Hears of every record changed in place (a store's change tracking sets it). */
  onChange: ((kind: RecordKind, key: string) => void) | undefined;
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
  /** What the records show where the specification is silent (gap-choices.ts). */
  readonly choices: GapChoices;
  private readonly runJob: JobRunner;
  readonly durable: (() => Promise<void>) | undefined;

  constructor(
    seed: ResolvedSeed,
    { runJob, sessionId, onTouch, ids, durable, manualClock, gapChoices = MOCK_GAP_CHOICES }: StateOptions,
  ) {
    this.scheduler = new Scheduler<ProcessingJob>({
      run: (job) => this.runJob(this, job),
      ran: () => this.touch(),
      changed: (seq) => this.changed('job', String(seq)),
      manual: manualClock,
    });
    this.seed = seed;
    this.choices = gapChoices;
    this.durable = durable;
    this.runJob = runJob;
    this.sessionId = sessionId;
    this.onTouch = onTouch;
    // On a manual clock, records are stamped with that clock: no real time leaks in.
    this.ids = ids ?? randomIds(manualClock ? () => this.scheduler.now() : undefined);
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
  }

  /** Notes that a record changed in place (tables note their own sets and deletes). */
  changed(kind: RecordKind, key: string): void {
    this.onChange?.(kind, key);
  }

  /** Marks a change the session's answers depend on (the response cache's revision rises). */
  touch(): void {
    this.onTouch();
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
}

/** The score a completed analysis gives: the mean of the seeded fit dimensions. */
export function scoreFor(seed: ResolvedSeed, analysis: AnalysisRecord): Schemas['ProjectScore'] {
  const dims = seed.fitDimensions;
  const mean = dims.length ? dims.reduce((sum, d) => sum + d.score, 0) / dims.length : 0;
  return { status: 'done', scoreText: `Mock score of analysis ${analysis.id}`, score: Math.round(mean * 10) / 10 };
}
