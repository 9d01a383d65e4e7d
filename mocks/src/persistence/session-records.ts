// One session's state as records a state file can keep: each record by kind and key, as JSON,
// and back. `meta` holds the few values that are not records (credits, switches, the position
// of a deterministic clock, the last job number).
import type { components } from '../../../openapi/index.ts';
import type { ProcessingJob } from '../domain/processing-job.ts';
import type { IdPosition } from '../domain/ids.ts';
import type { FolderRecord, UserRecord } from '../domain/records.ts';
import type { FaultSwitches, MockState, RecordKind } from '../domain/state.ts';
import type { MockSeed } from '../domain/seed.ts';
import type { TrackedMap } from '../domain/tracked-map.ts';
import type { UploadStorage } from '../uploads/folder-storage.ts';
import { changedRecords } from './change-tracking.ts';
import { type OutboxEntry, outboxOf } from './delivery-outbox.ts';
import { pendingSeqs, type StoredJob as PendingJobRecord, storedJob } from './pending-jobs.ts';

export interface Meta {
  credits: number;
  engineAvailable: boolean;
  faults: FaultSwitches;
  ids?: IdPosition;
  lastJob: number;
}

/**
 * [kind, key, value]; a null value is a removed record: a user, a job, a user's deliveries or an
 * outbox entry. Nothing removes a record of the other kinds (no operation of the specification or
 * the control API does, and a reset or an import replaces the whole state), so one written as null
 * is a damaged state file or import document (`applyRecord` throws).
 */
export type RecordOp = [RecordKind, string, unknown];

type StoredJob = PendingJobRecord<ProcessingJob>;

export function metaOf(state: MockState): Meta {
  const ids = state.ids.position();
  return {
    credits: state.credits,
    engineAvailable: state.engineAvailable,
    faults: { ...state.faults },
    ...(ids ? { ids } : {}),
    lastJob: state.scheduler.lastSeq,
  };
}

export function applyMeta(state: MockState, meta: Meta): void {
  state.credits = meta.credits;
  state.engineAvailable = meta.engineAvailable;
  Object.assign(state.faults, meta.faults);
  if (meta.ids) state.ids.resume(meta.ids);
  state.scheduler.lastSeq = Math.max(state.scheduler.lastSeq, meta.lastJob);
}

/** The record's value now, null when it no longer exists. */
export function recordValue(state: MockState, kind: RecordKind, key: string): unknown {
  switch (kind) {
    case 'user': {
      const user = state.users.find((u) => u.id === key);
      return user ? { ...user, fundRoles: Object.fromEntries(user.fundRoles) } : null;
    }
    case 'project':
      return state.projects.get(key) ?? null;
    case 'analysis':
      return state.analyses.get(key) ?? null;
    case 'folder': {
      const folder = state.folders.get(key);
      if (!folder) return null;
      // The directory is the storage's to say (a state file may move with its uploads).
      const { dir: _dir, ...rest } = folder;
      return rest;
    }
    case 'fundRun':
      return state.fundRuns.get(key) ?? null;
    case 'webhook':
      return state.webhookConfigs.get(key) ?? null;
    case 'deliveries':
      return state.webhooks.recorded(key);
    case 'outbox':
      return outboxOf(state).entry(key);
    case 'job':
      return storedJob(state.scheduler, Number(key)) ?? null;
  }
}

/**
 * Every record of the state, by kind and key. Projects and analyses read back and not built yet are
 * read for the look and not kept (`TrackedMap.walk`; a walk spread over turns throws `WalkCutError`
 * if they are built meanwhile).
 */
export function* allRecords(state: MockState): Generator<RecordOp> {
  for (const user of state.users) yield ['user', user.id, recordValue(state, 'user', user.id)];
  for (const [key, value] of state.projects.walk()) yield ['project', key, value];
  for (const [key, value] of state.analyses.walk()) yield ['analysis', key, value];
  for (const key of state.folders.keys()) yield ['folder', key, recordValue(state, 'folder', key)];
  for (const [key, value] of state.fundRuns) yield ['fundRun', key, value];
  for (const [key, value] of state.webhookConfigs) yield ['webhook', key, value];
  for (const user of state.users)
    if (state.webhooks.recorded(user.id).length) yield ['deliveries', user.id, state.webhooks.recorded(user.id)];
  const outbox = outboxOf(state);
  for (const key of outbox.keys()) yield ['outbox', key, outbox.entry(key)];
  for (const seq of pendingSeqs(state.scheduler)) yield ['job', String(seq), storedJob(state.scheduler, seq)];
}

/**
 * Puts a record back. Jobs are collected in `jobs` (by seq) and scheduled once the whole file is
 * read: a job the file later records as run must never run.
 */
export function applyRecord(
  state: MockState,
  storage: UploadStorage,
  jobs: Map<number, StoredJob>,
  [kind, key, value]: RecordOp,
): void {
  switch (kind) {
    case 'user': {
      const stored = value as
        | (Omit<UserRecord, 'fundRoles'> & { fundRoles: Record<string, components['schemas']['FundRole']> })
        | null;
      const at = state.users.findIndex((u) => u.id === key);
      if (!stored) {
        if (at >= 0) state.users.splice(at, 1);
        return;
      }
      const user: UserRecord = { ...stored, fundRoles: new Map(Object.entries(stored.fundRoles)) };
      if (at >= 0) state.users[at] = user;
      else state.users.push(user);
      return;
    }
    case 'folder': {
      const stored = value as Omit<FolderRecord, 'dir'>;
      if (stored === null) throw neverRemoved(kind, key);
      state.folders.set(key, { ...stored, dir: storage.folderDir(stored.folderPath.split('/').at(-1) ?? '') });
      return;
    }
    case 'deliveries':
      state.webhooks.restore(key, (value as components['schemas']['WebhookDelivery'][] | null) ?? []);
      return;
    case 'outbox':
      outboxOf(state).restore(key, value as OutboxEntry | null);
      return;
    case 'job':
      if (value) jobs.set(Number(key), value as StoredJob);
      else jobs.delete(Number(key));
      return;
    default:
      if (value === null) throw neverRemoved(kind, key);
      tableOf(state, kind).set(key, value);
  }
}

/** A record of a kind nothing removes, written as removed. */
function neverRemoved(kind: RecordKind, key: string): Error {
  return new Error(
    `record ${kind} ${JSON.stringify(key)} is written as removed (null), and no ${kind} is ever removed`,
  );
}

/** The table of a kind of record kept as it is stored (no object made per record: a replay asks 200,000 times). */
function tableOf(state: MockState, kind: 'project' | 'analysis' | 'fundRun' | 'webhook'): TrackedMap<unknown> {
  switch (kind) {
    case 'project':
      return state.projects as TrackedMap<unknown>;
    case 'analysis':
      return state.analyses as TrackedMap<unknown>;
    case 'fundRun':
      return state.fundRuns as TrackedMap<unknown>;
    case 'webhook':
      return state.webhookConfigs as TrackedMap<unknown>;
  }
}

/** The seed as a fresh line (or the database) keeps it: the records carry the seed's projects. */
export function seedOfLine(seed: MockSeed | undefined): MockSeed | null {
  if (!seed) return null;
  const { data: _data, ...rest } = seed;
  return rest;
}

/** What a kept session holds between writes: its state, and a fresh seed when it was reset since. */
export interface ChangingSession {
  readonly state: MockState;
  pendingFresh: MockSeed | null | undefined;
}

/**
 * A session's changes since the last write, taken (cleared): after a reset its fresh seed and every
 * record, otherwise the records it changed. Undefined when nothing changed, unless `force`.
 */
export function takeChanges(
  session: ChangingSession,
  force: boolean,
): { fresh?: MockSeed | null; ops: RecordOp[] } | undefined {
  const { state } = session;
  let taken: { fresh?: MockSeed | null; ops: RecordOp[] };
  if (session.pendingFresh !== undefined) {
    taken = { fresh: seedOfLine(session.pendingFresh ?? undefined), ops: [...allRecords(state)] };
    session.pendingFresh = undefined;
  } else {
    const ops = [...(changedRecords(state) ?? [])].map((entry): RecordOp => {
      const [kind, key] = entry.split('\t') as [RecordKind, string];
      return [kind, key, recordValue(state, kind, key)];
    });
    if (!ops.length && !force) return undefined;
    taken = { ops };
  }
  changedRecords(state)?.clear();
  return taken;
}
