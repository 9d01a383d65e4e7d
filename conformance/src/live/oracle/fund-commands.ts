// The oracle's fund commands: upload a folder (new, or added to an earlier one), start a fund run
// over it (at most 2 in the rule: 10 credits each), follow a run to its final state on both sides,
// and read a run no one started. Each compares what the specification fixes.
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { components } from '../../../../openapi/index.ts';
import { FINAL_FUND_STATUSES as FINAL } from '../../final-statuses.ts';
import { dataOf, isSuccess, sleep } from '../answers.ts';
import { eventually } from '../catalogue/list-pages.ts';
import { PDF_FILE } from '../records.ts';
import type { Exchange } from '../exchange.ts';
import { holds, same } from './difference.ts';
import { sameOutcome } from './outcome.ts';
import { both, onModel, type OracleReal, type OracleRun, type OracleState } from './state.ts';

type Schemas = components['schemas'];
type Command = fc.AsyncCommand<OracleState, OracleReal>;
const RUN_COST = { credits: 10, records: 1 };
const STATUS_RANK: Record<string, number> = { pending: 0, running: 1, completed: 2, error: 2 };

export class UploadFolder implements Command {
  /** Add to an earlier folder of the sequence (by index) instead of a new one. */
  readonly addTo: number | undefined;
  /** Files in the one upload (1 or 2). */
  readonly files: number;

  constructor(addTo: number | undefined, files: number) {
    this.addTo = addTo;
    this.files = files;
  }
  check = (s: Readonly<OracleState>) =>
    s.ctx.can('writes') &&
    (this.addTo === undefined || s.folders.length > 0) &&
    s.ctx.canSpend({ credits: 0, records: 1 });
  async run(s: OracleState): Promise<void> {
    s.phase.named += 1;
    const files = Array.from({ length: this.files }, (_, i) =>
      PDF_FILE(s.ctx.runId, `${s.token}-${s.phase.named}-${i + 1}`),
    );
    const fileName = files.map(([, name]) => name).join(', ');
    const folder = this.addTo === undefined ? undefined : s.folders[this.addTo % s.folders.length];
    const form = (folderPath?: string) => {
      const body = new FormData();
      for (const [blob, name] of files) body.append('files', blob, name);
      if (folderPath !== undefined) body.append('folderPath', folderPath);
      return body;
    };
    const answers = await both(
      s,
      'uploadFundFiles',
      {
        form: form(folder?.deployment),
        spend: { credits: 0, records: 1, record: `data-room folder with ${fileName}` },
      },
      { form: form(folder?.model) },
    );
    const observable = folder ? 'uploadAdds' : 'uploadReturns';
    sameOutcome(observable, folder ? 'an upload added to an earlier folder' : 'an upload to a new folder', answers);
    const deployment = dataOf<Schemas['FundUploadResult']>(answers.deployment);
    const model = dataOf<Schemas['FundUploadResult']>(answers.model);
    same(observable, 'fileNames', deployment?.fileNames, model?.fileNames);
    holds(observable, typeof deployment?.folderPath === 'string', () => 'the upload answered no folderPath');
    s.ids.pair(observable, 'folderPath', deployment?.folderPath ?? '', model?.folderPath ?? '');
    if (!folder) s.folders.push({ deployment: deployment?.folderPath ?? '', model: model?.folderPath ?? '' });
  }
  toString = () => `uploadFolder(addTo: ${this.addTo ?? 'new folder'}, files: ${this.files})`;
}

export class StartRun implements Command {
  readonly folder: number;
  readonly refDate: boolean;
  readonly investor: boolean;
  /** Named as the sequence's last run: a later version of the same fund on a deployment that groups runs by name. */
  readonly version: boolean;

  constructor(folder: number, refDate: boolean, investor: boolean, version = false) {
    this.folder = folder;
    this.refDate = refDate;
    this.investor = investor;
    this.version = version;
  }
  check = (s: Readonly<OracleState>) =>
    s.folders.length > 0 && s.phase.fundRuns < s.phase.caps.fundRuns && s.ctx.canSpend(RUN_COST);
  async run(s: OracleState): Promise<void> {
    s.phase.fundRuns += 1;
    const folder = s.folders[this.folder % s.folders.length];
    if (!folder) return;
    const earlier = this.version ? s.runs.at(-1) : undefined;
    const name = earlier?.name ?? `conformance-${s.ctx.runId} ${s.token} fund ${s.phase.fundRuns}`;
    const refDate = this.refDate ? '2026-09-30' : undefined;
    const customerIsInvestor = this.investor ? true : undefined;
    const body = (folderPath: string) => ({ name, folderPath, projectMode: 'none', refDate, customerIsInvestor });
    const answers = await both(
      s,
      'startFundRun',
      { json: body(folder.deployment), spend: { ...RUN_COST, record: `fund run "${name}"` } },
      { json: body(folder.model) },
    );
    sameOutcome('runPending', 'starting a fund run', answers);
    const deployment = dataOf<Schemas['FundRun']>(answers.deployment);
    const model = dataOf<Schemas['FundRun']>(answers.model);
    same('runPending', 'the new run status', deployment?.status, model?.status);
    same('runPending', 'the new run name', deployment?.name, model?.name);
    if (this.refDate) same('runPending', 'the new run refDate', deployment?.refDate, model?.refDate);
    holds('runPending', typeof deployment?.fundExtractionId === 'string', () => 'the new run has no fundExtractionId');
    s.ids.pair('runPending', 'fundExtractionId', deployment?.fundExtractionId ?? '', model?.fundExtractionId ?? '');
    s.runs.push({
      deployment: deployment?.fundExtractionId ?? '',
      model: model?.fundExtractionId ?? '',
      name,
      refDate,
      customerIsInvestor,
      rank: { deployment: 0, model: 0 },
      final: false,
    });
  }
  toString = () =>
    `startRun(${this.folder}, refDate: ${this.refDate}, customerIsInvestor: ${this.investor}${this.version ? ', named as the last run' : ''})`;
}

/** Reads one side's run until it is final or --poll-timeout passes; its statuses must only move forward. */
async function follow(s: OracleState, run: OracleRun, side: 'deployment' | 'model'): Promise<Exchange> {
  const { pollIntervalMs, pollTimeoutMs } = s.ctx.fixtures;
  const deadline = Date.now() + pollTimeoutMs;
  const request = { query: { fundExtractionId: run[side] } };
  for (;;) {
    const answer =
      side === 'model'
        ? await onModel(s, 'getFundRunSummary', request)
        : await s.ctx.call('getFundRunSummary', request);
    const status = dataOf<Schemas['FundRunSummary']>(answer)?.status ?? '';
    const rank = STATUS_RANK[status];
    holds(
      'runForward',
      rank !== undefined && rank >= run.rank[side],
      () => `run ${run[side]} (${side}) moved back to ${JSON.stringify(status)}`,
    );
    run.rank[side] = rank ?? run.rank[side];
    if (FINAL.has(status) || Date.now() >= deadline) return answer;
    await sleep(side === 'model' ? 10 : pollIntervalMs);
  }
}

export class AwaitRun implements Command {
  readonly index: number;

  constructor(index: number) {
    this.index = index;
  }
  check = (s: Readonly<OracleState>) => s.runs.some((r) => !r.final);
  async run(s: OracleState): Promise<void> {
    const open = s.runs.filter((r) => !r.final);
    const run = open[this.index % open.length];
    if (!run) return;
    run.final = true;
    const model = await follow(s, run, 'model');
    const deployment = await follow(s, run, 'deployment');
    sameOutcome('runFinal', `reading run ${run.deployment}`, { deployment, model });
    const got = dataOf<Schemas['FundRunSummary']>(deployment);
    const want = dataOf<Schemas['FundRunSummary']>(model);
    // The outcome of processing our small PDF is not fixed (completed or error, both final): compared is
    // that the run ends, and what an error must carry.
    holds(
      'runFinal',
      FINAL.has(got?.status ?? ''),
      () => `run ${run.deployment} is still ${JSON.stringify(got?.status)} after --poll-timeout`,
    );
    if (got?.status === 'error')
      holds(
        'runError',
        typeof got.errorMessage === 'string' && got.errorMessage !== '',
        () => `run ${run.deployment} ended in error with no errorMessage`,
      );
    same(
      'runEchoes',
      'fundExtractionId (by correspondence)',
      s.ids.model(got?.fundExtractionId ?? ''),
      want?.fundExtractionId,
    );
    same('runEchoes', 'the run name', got?.name, want?.name);
    same('runEchoes', 'the run projectMode', got?.projectMode, want?.projectMode);
    if (run.refDate !== undefined) same('runEchoes', 'the run refDate', got?.refDate, want?.refDate);
    if (run.customerIsInvestor !== undefined)
      same('runEchoes', 'the run customerIsInvestor', got?.customerIsInvestor, want?.customerIsInvestor);
    // Read after the end: a final state stays final.
    if (FINAL.has(got?.status ?? '')) {
      const again = await s.ctx.call('getFundRunSummary', { query: { fundExtractionId: run.deployment } });
      same(
        'runForward',
        `run ${run.deployment} read again after it ended`,
        dataOf<Schemas['FundRunSummary']>(again)?.status,
        got?.status,
      );
    }
    const own = got?.fundRuns?.find((r) => r.fundExtractionId === run.deployment);
    holds('runOwn', own !== undefined, () => `run ${run.deployment} is not in its own fundRuns`);
    same('runOwn', 'the run status in its own fundRuns', own?.status, got?.status);
    if (got) await compareVersions(s, run, got);
  }
  toString = () => `awaitRun(${this.index})`;
}

/** The fundId of each other run of the sequence, as the deployment reads it, and whether it has ended (unreadable: left out). */
async function fundIdsOf(s: OracleState, run: OracleRun): Promise<Map<string, { fundId: string; ended: boolean }>> {
  const fundIds = new Map<string, { fundId: string; ended: boolean }>();
  for (const other of s.runs) {
    if (other === run || !other.deployment) continue;
    const answer = await s.ctx.call('getFundRunSummary', { query: { fundExtractionId: other.deployment } });
    const summary = dataOf<Schemas['FundRunSummary']>(answer);
    if (isSuccess(answer) && typeof summary?.fundId === 'string')
      fundIds.set(other.deployment, { fundId: summary.fundId, ended: FINAL.has(summary.status) });
  }
  return fundIds;
}

/**
 * A run's fundRuns hold no run of another fundId among the sequence's runs, every one of its fundId
 * that has ended (whether a version still under way is listed is not asked), newest first. What makes
 * a run a version is not shown (the fundId's x-gap), so the deployment's own fundIds judge, not the
 * model's: a service that never groups runs lists each alone. A version missing is read again while a
 * store catches up (as a search index may).
 */
async function compareVersions(s: OracleState, run: OracleRun, got: Schemas['FundRunSummary']): Promise<void> {
  const fundIds = await fundIdsOf(s, run);
  const versions = [...fundIds].filter(([, other]) => other.fundId === got.fundId && other.ended).map(([id]) => id);
  const listedIn = (summary: Schemas['FundRunSummary'] | undefined) =>
    new Set((summary?.fundRuns ?? []).map((r) => r.fundExtractionId));
  let summary: Schemas['FundRunSummary'] | undefined = got;
  if (versions.some((id) => !listedIn(summary).has(id))) {
    const request = { query: { fundExtractionId: run.deployment } };
    const again = await eventually(
      s.ctx,
      () => s.ctx.call('getFundRunSummary', request),
      (answer) => versions.every((id) => listedIn(dataOf<Schemas['FundRunSummary']>(answer)).has(id)),
    );
    summary = dataOf<Schemas['FundRunSummary']>(again);
  }
  const listed = listedIn(summary);
  for (const [id, { fundId }] of fundIds) {
    if (fundId !== got.fundId)
      holds(
        'runVersions',
        !listed.has(id),
        () =>
          `run ${run.deployment}'s fundRuns (fundId ${JSON.stringify(got.fundId)}) list run ${id} of fundId ${JSON.stringify(fundId)}`,
      );
  }
  for (const id of versions)
    holds(
      'runVersions',
      listed.has(id),
      () =>
        `run ${id} ended with run ${run.deployment}'s fundId ${JSON.stringify(got.fundId)} and is missing from its fundRuns`,
    );
  const entries = summary?.fundRuns ?? [];
  const times = entries.map((r) => Date.parse(r.createdAt));
  holds(
    'runVersionsOrder',
    times.every((t, i) => i === 0 || (times[i - 1] ?? 0) >= t),
    () =>
      `run ${run.deployment}'s fundRuns are not newest first: ${entries.map((r) => `${r.fundExtractionId} ${r.createdAt}`).join(', ')}`,
  );
}

export class ReadUnknownRun implements Command {
  check = () => true;
  async run(s: OracleState): Promise<void> {
    const request = { query: { fundExtractionId: randomUUID() } };
    const answers = await both(s, 'getFundRunSummary', request);
    sameOutcome('unknownRun', 'reading a run no one started', answers);
  }
  toString = () => 'readUnknownRun()';
}

const upload = fc
  .record({ addTo: fc.option(fc.nat(3), { nil: undefined }), files: fc.integer({ min: 1, max: 2 }) })
  .map(({ addTo, files }) => new UploadFolder(addTo, files));
const startRun = fc
  .record({ folder: fc.nat(3), refDate: fc.boolean(), investor: fc.boolean() })
  .map(({ folder, refDate, investor }) => new StartRun(folder, refDate, investor));

// Uploads and runs weigh twice: a sequence of ten calls then reaches a fund run often (at most 2 in the rule).
export const fundCommands = [
  upload,
  upload,
  startRun,
  startRun,
  fc.nat(3).map((i) => new AwaitRun(i)),
  fc.constant(new ReadUnknownRun()),
];
