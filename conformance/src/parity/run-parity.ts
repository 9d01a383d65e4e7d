// The parity run: the rate-limit burst first (on a key nothing else used yet, and the reachability
// check), then every other probe; each behaviour the run touched is set beside the mock's choice.
import { contractDocument } from '../../../openapi/index.ts';
import {
  GAP_PROBES,
  GAP_PROFILE_KIND,
  GAP_PROFILE_VERSION,
  type GapObservation,
  type GapProbeFacts,
  type GapProbeId,
  resolvePointer,
  SHARED_CHOICES,
  unprofileableReason,
} from '../../../common/src/index.ts';
import { networkCause } from '../reach.ts';
import type { Baseline } from './baseline.ts';
import { burst, PROBES, probeContext, type ProbeOutcome } from './probes.ts';
import { ParitySender, type ParityTarget, type RecordedParityExchange } from './sender.ts';

export interface ParityGap {
  id: GapProbeId;
  title: string;
  /** The contract's `x-gap` mark this behaviour answers, and where it is. */
  pointer: string;
  gap: string;
  /** The text the mock names in X-Mock-Gap for it (absent: the mock never faces it). */
  mockGap?: string;
  mock: GapObservation;
  /** With --baseline: the earlier run's answer, compared with instead of the mock's choice. */
  baseline?: GapObservation;
  touched: boolean;
  /** Why the run did not reach it. */
  reason?: string;
  deployment: GapObservation | null;
  differs: boolean;
  profileable: boolean;
  /** Why the mock cannot follow the deployment here, when it cannot. */
  profileNote?: string;
  /** The deployment's own X-Mock-Gap (a mock answering), when it sent one. */
  deploymentMockGap?: string;
  exchange?: RecordedParityExchange;
}

export interface ParityReport {
  kind: typeof GAP_PROFILE_KIND;
  version: typeof GAP_PROFILE_VERSION;
  baseUrl: string;
  session?: string;
  generatedAt: string;
  /** With --baseline: the deployment of the earlier run compared with. */
  baselineSource?: string;
  /** `x-gap` marks in the contract, observed behaviours, touched, and those that differ. */
  contractGaps: number;
  observed: number;
  touched: number;
  /** Distinct `x-gap` marks the touched behaviours answer. */
  gapsTouched: number;
  differences: number;
  /** 429s waited out outside the burst. */
  rateLimited: { waits: number; waitedMs: number };
  gaps: ParityGap[];
}

/** The deployment gave no usable answer to the first request (exit 3). */
export class ParityUnreachable extends Error {}
/** The deployment refused the credentials given (exit 2). */
export class ParityRefused extends Error {}

function countGaps(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((n: number, child) => n + countGaps(child), 0);
  if (typeof node !== 'object' || node === null) return 0;
  return Object.entries(node).reduce((n, [key, child]) => n + (key === 'x-gap' ? 1 : countGaps(child)), 0);
}

/** Whether two answers are the same choice: open fields by their names, the rest as a whole. */
export function sameChoice(a: GapObservation, b: GapObservation): boolean {
  if (a.kind === 'fields' && b.kind === 'fields')
    return JSON.stringify(Object.keys(a.extra).sort()) === JSON.stringify(Object.keys(b.extra).sort());
  return JSON.stringify(a) === JSON.stringify(b);
}

function gapText(pointer: string): string {
  const node = resolvePointer(contractDocument, pointer) as { 'x-gap'?: unknown } | undefined;
  const text = node?.['x-gap'];
  if (typeof text !== 'string') throw new Error(`the contract has no x-gap at ${pointer}`);
  return text;
}

function entry(id: GapProbeId, outcome: ProbeOutcome, baseline: Baseline | undefined): ParityGap {
  const facts: GapProbeFacts = GAP_PROBES[id];
  const base = {
    id,
    title: facts.title,
    pointer: facts.pointer,
    gap: gapText(facts.pointer),
    ...(facts.mockGap ? { mockGap: facts.mockGap } : {}),
    mock: facts.mock,
    ...(baseline?.answers[id] ? { baseline: baseline.answers[id] } : {}),
  };
  const header = outcome.exchange?.response.headers['x-mock-gap'];
  const seen = {
    ...(header ? { deploymentMockGap: header } : {}),
    ...(outcome.exchange ? { exchange: outcome.exchange } : {}),
  };
  if (!outcome.touched)
    return {
      ...base,
      touched: false,
      reason: outcome.reason,
      deployment: null,
      differs: false,
      profileable: false,
      ...seen,
    };
  const note = unprofileableReason(id, outcome.observation);
  const differs = !sameChoice(base.baseline ?? facts.mock, outcome.observation);
  return {
    ...base,
    touched: true,
    deployment: outcome.observation,
    differs,
    // The mock's own choice needs no profile: it is what the mock does anyway.
    profileable: note === undefined || sameChoice(facts.mock, outcome.observation) ? facts.profileable : false,
    ...(note && !sameChoice(facts.mock, outcome.observation) ? { profileNote: note } : {}),
    ...seen,
  };
}

/**
 * The mock takes one choice from two behaviours (SHARED_CHOICES): where the deployment answered them
 * otherwise, the second is not profile-able (the mock follows the first), with the reason.
 */
export function markSharedChoices(gaps: ParityGap[]): void {
  for (const [first, second, why] of SHARED_CHOICES) {
    const [a, b] = [gaps.find((g) => g.id === first), gaps.find((g) => g.id === second)];
    if (a?.deployment && b?.deployment && b.profileable && !sameChoice(a.deployment, b.deployment))
      Object.assign(b, { profileable: false, profileNote: `the mock follows ${first} here: ${why}` });
  }
}

export interface ParityOptions extends ParityTarget {
  session?: string;
  /** Compare with an earlier run's answers (readBaseline) instead of the mock's choices. */
  baseline?: Baseline;
  /** Create one company (projectNoAnalysis, no credits) to observe the defaults of a creation. */
  allowWrites?: boolean;
  /** With writes: start one company analysis, which costs this many credits on the deployment. */
  analysisCost?: number;
  /** Start parity's webhook receiver on this host (the deployment must reach it). */
  receiverHost?: string;
  /** With writes: a folder of the user's drive, linked to no company, whose name spellings are tried. */
  driveFolderName?: string;
  /** With writes: a folder of the user's drive by its id, whose link forms are tried. */
  driveFolderId?: string;
  /** With writes: a name two folders of the user's drive share, named by one creation. */
  driveSharedFolderName?: string;
  /** With writes: start one fund run (its credits; with projectMode left to its default, company records). */
  fundRun?: boolean;
}

export async function runParity(options: ParityOptions): Promise<ParityReport> {
  const sender = new ParitySender(options);
  let rateLimit: ProbeOutcome;
  try {
    rateLimit = await burst(sender);
  } catch (error) {
    throw new ParityUnreachable(`cannot reach ${options.baseUrl}: ${networkCause(error)}`);
  }
  const first = rateLimit.exchange?.response;
  if (first?.status === 401 || first?.status === 403)
    throw new ParityRefused(`${options.baseUrl} refused --api-key (HTTP ${first.status})`);
  if (first && typeof first.body !== 'object')
    throw new ParityUnreachable(`${options.baseUrl} answered the company list with no JSON (HTTP ${first.status})`);

  const ctx = probeContext(sender, {
    baseUrl: options.baseUrl,
    allowWrites: !!options.allowWrites,
    hasAccessToken: !!options.accessToken,
    hasSecondKey: !!options.secondApiKey,
    ...(options.analysisCost === undefined ? {} : { analysisCost: options.analysisCost }),
    ...(options.receiverHost === undefined ? {} : { receiverHost: options.receiverHost }),
    ...(options.driveFolderName === undefined ? {} : { driveFolderName: options.driveFolderName }),
    ...(options.driveFolderId === undefined ? {} : { driveFolderId: options.driveFolderId }),
    ...(options.driveSharedFolderName === undefined ? {} : { driveSharedFolderName: options.driveSharedFolderName }),
    ...(options.session === undefined ? {} : { session: options.session }),
    startFundRun: !!options.fundRun,
  });
  const ids = Object.keys(GAP_PROBES) as GapProbeId[];
  const gaps: ParityGap[] = [];
  try {
    for (const id of ids) {
      let outcome: ProbeOutcome;
      if (id === 'service.rate-limits') outcome = rateLimit;
      else {
        try {
          outcome = await PROBES[id](ctx);
        } catch (error) {
          outcome = { touched: false, reason: `no answer: ${networkCause(error)}` };
        }
      }
      gaps.push(entry(id, outcome, options.baseline));
    }
  } finally {
    await ctx.close();
  }
  markSharedChoices(gaps);
  return {
    kind: GAP_PROFILE_KIND,
    version: GAP_PROFILE_VERSION,
    baseUrl: options.baseUrl,
    ...(options.session ? { session: options.session } : {}),
    generatedAt: new Date().toISOString(),
    ...(options.baseline ? { baselineSource: options.baseline.source } : {}),
    contractGaps: countGaps(contractDocument),
    observed: gaps.length,
    touched: gaps.filter((g) => g.touched).length,
    gapsTouched: new Set(gaps.filter((g) => g.touched).map((g) => g.pointer)).size,
    differences: gaps.filter((g) => g.differs).length,
    rateLimited: { ...sender.rateLimited },
    gaps,
  };
}
