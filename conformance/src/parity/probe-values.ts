// The words parity compares: each open value of an answer turned into a short word (absent, null,
// empty, a type, or the text itself) or a form (the request's own values written as placeholders),
// and the outcome a probe reports. Shared by the probe files.
import type { GapObservation } from '../../../common/src/index.ts';
import type { Exchange } from '../live/exchange.ts';
import { envelopeCode, type RecordedParityExchange } from './sender.ts';

export type ProbeOutcome =
  | { touched: true; observation: GapObservation; exchange: RecordedParityExchange }
  | { touched: false; reason: string; exchange?: RecordedParityExchange };

export type Json = Record<string, unknown>;
export type Sent = { answer: Exchange; recorded: RecordedParityExchange };

/** How a followed record (a fund run, an analysed company) was read: the pace of its reads. */
export interface FollowedReads {
  last: Sent;
  /** A read was refused 429 and waited out while the record was followed. */
  rateLimited: boolean;
  /** The longest span from the start of one read to the end of the next (their answers were made within it). */
  longestGapMs: number;
  elapsedMs: number;
}

/**
 * "Not touched" when a status of a followed record may have passed unseen: a read refused 429 and
 * waited out, or reads further apart than a third of the time followed (a status shorter than the
 * longest gap between reads). `what` names the record, `during` the time followed.
 */
export function unseenStatuses(followed: FollowedReads, what: string, during: string): ProbeOutcome | undefined {
  // A record whose first read already showed its end was never seen before it: nothing to judge.
  if (!followed.rateLimited && followed.elapsedMs > 0 && followed.longestGapMs * 3 <= followed.elapsedMs)
    return undefined;
  return {
    touched: false,
    reason: followed.rateLimited
      ? `a read of ${what} was refused 429 and waited out: statuses may have passed unseen`
      : `reads of ${what} came up to ${followed.longestGapMs} ms apart ${during} ${followed.elapsedMs} ms: statuses may have passed unseen`,
    exchange: followed.last.recorded,
  };
}

export function asError(answer: Exchange, exchange: RecordedParityExchange): ProbeOutcome {
  return { touched: true, observation: { kind: 'error', status: answer.status, code: envelopeCode(answer) }, exchange };
}

export function shapeOf(value: unknown): 'object' | 'array' | 'null' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : 'other';
}

/** A value as the word the report compares: absent, null, empty, an id (a non-empty string), or its type. */
export function word(holder: Record<string, unknown>, name: string): string {
  if (!(name in holder)) return 'absent';
  const value = holder[name];
  if (value === null) return 'null';
  if (value === '') return 'empty';
  return typeof value === 'string' ? 'a string' : typeof value;
}

/** The record of a lookup answer, whichever shape the deployment gives it (an object or a list of one). */
export function lookedUp(answer: Exchange): Json | undefined {
  const data = (answer.body as { data?: unknown } | undefined)?.data;
  const one = Array.isArray(data) ? data[0] : data;
  return answer.status === 200 && one && typeof one === 'object' ? (one as Json) : undefined;
}

/** A value as a word that keeps enumeration-like strings: absent, null, empty, true/false, empty list, or the text (at most 40 characters). */
export function valueWord(holder: Json | undefined, name: string): string {
  if (!holder || !(name in holder)) return 'absent';
  const value = holder[name];
  if (value === null) return 'null';
  if (value === '') return 'empty';
  if (Array.isArray(value)) return value.length === 0 ? 'empty list' : 'a list';
  if (typeof value === 'string') return value.slice(0, 40);
  return typeof value === 'object' ? 'an object' : String(value);
}

/** A name as the slug a service plausibly makes of it: lower case, runs of other characters as one dash. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The text with each value the run sent or was given written as its placeholder (longest value first), at most 80 characters. */
export function formWith(value: unknown, placeholders: Record<string, string>): string {
  if (typeof value !== 'string') return value === null ? 'null' : value === undefined ? 'absent' : typeof value;
  if (value === '') return 'empty';
  const known = Object.entries(placeholders)
    .filter(([, text]) => text !== '')
    .sort(([, a], [, b]) => b.length - a.length);
  let form = value;
  for (const [placeholder, text] of known) form = form.split(text).join(placeholder);
  return form.slice(0, 80);
}

/** The text with the company's name written as the placeholders `{companyName}` and `{companyName as a slug}`. */
export function formOf(value: unknown, companyName: string): string {
  return formWith(value, { '{companyName}': companyName, '{companyName as a slug}': slugOf(companyName) });
}

export function projectOf(answer: Exchange): Record<string, unknown> | undefined {
  const project = (answer.body as { data?: { project?: unknown } } | undefined)?.data?.project;
  return answer.status >= 200 && answer.status < 300 && project && typeof project === 'object'
    ? (project as Record<string, unknown>)
    : undefined;
}
