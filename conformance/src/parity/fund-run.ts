// Parity's one fund run (--fund-run, with --allow-writes): one small PDF uploaded to a new folder,
// a run started with the name and folder alone (every optional input left to the deployment), its
// summary read at once and then until it ends, each status seen kept in order. The companies listed
// before the run are kept too: the run's portfolio companies are set beside them.
import { FINAL_FUND_STATUSES as FINAL } from '../final-statuses.ts';
import { sleep } from '../live/answers.ts';
import type { FollowedReads, Json, Sent } from './probe-values.ts';
import type { ParitySender } from './sender.ts';

/** The fund run followed to its end. */
export interface FollowedFundRun extends FollowedReads {
  /** The run's name as sent, and the folder it ran over. */
  name: string;
  folderPath: string;
  /** When the run was asked for (Date.now()). */
  startedAt: number;
  fundExtractionId: string;
  /** Each status the summary showed, in order, a repeat left out. */
  statuses: string[];
  /** The first summary read before the run ended, when one was. */
  beforeEnd?: Json;
  /** The first summary showing `running`, when one did. */
  whileRunning?: Json;
  /** The last read and its summary. */
  last: Sent & { summary: Json };
  /** completed, error, or undefined when it did not end in time. */
  ended: 'completed' | 'error' | undefined;
  /** The companies the list showed before the run started. */
  listedBefore: Json[];
}

/** How long parity follows its fund run ("processing takes minutes"). */
export const FUND_RUN_WAIT_MS = 600_000;

const summaryOf = (sent: Sent): Json | undefined => {
  const data = (sent.answer.body as { data?: unknown } | undefined)?.data;
  return sent.answer.status === 200 && data && typeof data === 'object' && !Array.isArray(data)
    ? (data as Json)
    : undefined;
};

/**
 * Uploads one small PDF (with `unreadable`, one cut after its header), starts a run over it with `name` and `folderPath` only, and reads the
 * summary until the run ends; answers why not when a step is refused. Reads come a tenth of the
 * time waited so far apart (at least 25 ms, at most 5 s): a short run shows each status it passes.
 */
export async function followFundRun(
  sender: ParitySender,
  listedBefore: () => Promise<{ companies: Json[] }>,
  unreadable = false,
): Promise<FollowedFundRun | string> {
  const { companies } = await listedBefore();
  const stamp = Date.now().toString(36);
  // Separators in a run and at the end: a fundId made from the name shows how it was made into a slug.
  const name = unreadable ? `parity-${stamp} unreadable fund` : `parity-${stamp}, fund.`;
  const form = new FormData();
  // An unreadable file: a PDF header and nothing after it.
  const pdf = unreadable
    ? `%PDF-1.4\n% portfolio-conformance parity ${stamp}: cut after its header\n`
    : `%PDF-1.4\n% portfolio-conformance parity ${stamp}\n%%EOF\n`;
  const file = unreadable ? `parity-${stamp}-unreadable.pdf` : `parity-${stamp}-fund-report.pdf`;
  form.append('files', new Blob([pdf], { type: 'application/pdf' }), file);
  const upload = await sender.send({ method: 'POST', path: '/integrationfund/fund/upload', form });
  const folderPath = (upload.answer.body as { data?: { folderPath?: unknown } } | undefined)?.data?.folderPath;
  if (upload.answer.status !== 200 || typeof folderPath !== 'string')
    return `the upload of one PDF answered HTTP ${upload.answer.status} with no folderPath`;
  const asked = Date.now();
  const started = await sender.send({ method: 'POST', path: '/integrationfund/fund/run', json: { name, folderPath } });
  const id = (started.answer.body as { data?: { fundExtractionId?: unknown } } | undefined)?.data?.fundExtractionId;
  if (started.answer.status !== 200 || typeof id !== 'string')
    return `the fund run answered HTTP ${started.answer.status} with no fundExtractionId`;
  const statuses: string[] = [];
  let beforeEnd: Json | undefined;
  let whileRunning: Json | undefined;
  const begin = Date.now();
  const startedAt = begin;
  const waitsBefore = sender.rateLimited.waits;
  const seen = (last: FollowedFundRun['last'], ended: FollowedFundRun['ended']): FollowedFundRun => ({
    name,
    folderPath,
    startedAt,
    fundExtractionId: id,
    statuses,
    ...(beforeEnd ? { beforeEnd } : {}),
    ...(whileRunning ? { whileRunning } : {}),
    last,
    ended,
    listedBefore: companies,
    rateLimited: sender.rateLimited.waits > waitsBefore,
    longestGapMs,
    elapsedMs: lastStart - begin,
  });
  let longestGapMs = 0;
  let lastStart = begin;
  // Two reads' answers may have been made as far apart as the start of the one and the end of the
  // next (a slow answer is made late): that span is the gap a status may pass unseen in.
  let previousStart = asked;
  for (;;) {
    const start = Date.now();
    lastStart = start;
    const read = await sender.send({ method: 'GET', path: '/integrationfund/fund', query: { fundExtractionId: id } });
    longestGapMs = Math.max(longestGapMs, Date.now() - previousStart);
    previousStart = start;
    const summary = summaryOf(read);
    if (!summary) return `the fund read of ${id} answered HTTP ${read.answer.status}`;
    const status = String(summary.status);
    if (statuses.at(-1) !== status) statuses.push(status);
    const last = { ...read, summary };
    if (FINAL.has(status)) return seen(last, status as 'completed' | 'error');
    beforeEnd ??= summary;
    if (status === 'running') whileRunning ??= summary;
    const waited = Date.now() - begin;
    if (waited > FUND_RUN_WAIT_MS) return seen(last, undefined);
    await sleep(Math.min(5_000, Math.max(25, waited / 10)));
  }
}
