// A company read until its analysis ends: parity follows its analyses (its own, the unreachable
// website's, the manual upload's) alike, sooner at first (a short analysis shows each state), then
// less often, for at most ANALYSIS_WAIT_MS.
import { FINAL_ANALYSIS_STATUSES } from '../final-statuses.ts';
import { sleep } from '../live/answers.ts';
import { type Json, lookedUp, type ProbeOutcome, type Sent } from './probe-values.ts';
import type { ParitySender } from './sender.ts';

/** How long parity follows an analysis to its end, and then waits for its delivery. */
export const ANALYSIS_WAIT_MS = 120_000;

/** The statuses of a company's analyses as a read shows them (of `analysisId` alone when given). */
export const analysisStatuses = (record: Json, analysisId?: string): string[] =>
  (Array.isArray(record.analyses) ? (record.analyses as Json[]) : [])
    .filter((a) => analysisId === undefined || a.id === analysisId)
    .map((a) => String(a.status));

/** Whether an analysis's statuses, as a company read shows them, are all final. */
export const allFinal = (statuses: string[]) =>
  statuses.length > 0 && statuses.every((status) => FINAL_ANALYSIS_STATUSES.has(status));

/** The pause before reading an analysis again: sooner at first, then less often. */
export const nextRead = (waitedMs: number) => sleep(Math.min(5_000, Math.max(25, waitedMs / 10)));

/** The last read of a company followed to its analysis's end: no record when the lookup failed. */
export type AnalysisEnd = Sent & { record?: Json; statuses: string[] };

/**
 * Reads the company `id` until its analyses (or `analysisId` alone) are all final, ANALYSIS_WAIT_MS
 * passed, or a lookup fails.
 *
 * @example
 * const read = await readUntilAnalysisEnds(sender, projectId);
 * if (read.record && allFinal(read.statuses)) console.log(read.statuses.join(' and '));
 */
export async function readUntilAnalysisEnds(
  sender: ParitySender,
  id: string,
  analysisId?: string,
): Promise<AnalysisEnd> {
  const begin = Date.now();
  for (;;) {
    const sent = await sender.send({ method: 'GET', path: '/integration/projects', query: { id } });
    const record = lookedUp(sent.answer);
    if (!record) return { ...sent, statuses: [] };
    const statuses = analysisStatuses(record, analysisId);
    const waited = Date.now() - begin;
    if (allFinal(statuses) || waited > ANALYSIS_WAIT_MS) return { ...sent, record, statuses };
    await nextRead(waited);
  }
}

/**
 * The outcome of a behaviour that is what an analysis ends as: its final statuses, or not touched
 * when it did not end in time (`what` names the analysis).
 */
export function endsAs(read: AnalysisEnd, what: string): ProbeOutcome {
  if (!allFinal(read.statuses))
    return {
      touched: false,
      reason: `the analysis of ${what} did not end within ${ANALYSIS_WAIT_MS / 1000} s`,
      exchange: read.recorded,
    };
  return {
    touched: true,
    observation: { kind: 'values', values: { 'ends as': read.statuses.join(' and ') } },
    exchange: read.recorded,
  };
}
