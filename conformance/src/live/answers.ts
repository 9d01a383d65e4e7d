// Reading the parts of an answer the rules look at: the envelope's data and outcome code, in
// either placement the specification allows.
import type { Exchange } from './exchange.ts';
import { envelopeOutcome } from './judge-response.ts';

export const isSuccess = (answer: Exchange): boolean => answer.status >= 200 && answer.status < 300;

/** `data` of the envelope, or undefined when the body has none. */
export function dataOf<T = unknown>(answer: Exchange): T | undefined {
  const body = answer.body as { data?: T } | undefined;
  return typeof body === 'object' && body !== null ? body.data : undefined;
}

/** The envelope's `code` (top level or inside `metadata`). */
export function codeOf(answer: Exchange): unknown {
  return envelopeOutcome(answer.body)?.fields.code;
}

/** `HTTP 404 Error100` for messages. */
export function describeAnswer(answer: Exchange): string {
  const code = codeOf(answer);
  return `HTTP ${answer.status}${code === undefined ? '' : ` ${String(code)}`}`;
}

/**
 * Whether an answer is the refusal the specification names (status and envelope code), with the
 * message a rule reports otherwise: `ctx.expect(...refusedAs(answer, 404, 'Error100'))`.
 */
export function refusedAs(answer: Exchange, status: number, code: string): [boolean, string] {
  return [
    answer.status === status && codeOf(answer) === code,
    `expected HTTP ${status} ${code}, got ${describeAnswer(answer)}`,
  ];
}

/** A JSON object (not null, not an array): a body or a field whose members can be read. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
