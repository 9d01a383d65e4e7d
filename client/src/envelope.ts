// The one envelope shape callers see, whatever placement the service used for code/title/description.
import type { components } from '../../openapi/index.ts';

type Schemas = components['schemas'];

/** `{ code, title, description, data, pagination? }` with `data` typed per operation. */
export type NormalizedEnvelope<Data = unknown> = Omit<Schemas['TopLevelEnvelope'], 'data'> & { data: Data };

type Outcome = Schemas['ResponseMetadata'];

function isOutcome(value: unknown): value is Outcome {
  if (typeof value !== 'object' || value === null) return false;
  const { code, title, description } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof title === 'string' && typeof description === 'string';
}

/**
 * The body in the normalized shape, or undefined when it is in neither placement. `metadata` wins
 * when both are present because it is the placement the specification shows for most responses.
 */
export function normalizeEnvelope(body: unknown): NormalizedEnvelope | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const outcome = isOutcome(record.metadata) ? record.metadata : isOutcome(record) ? record : undefined;
  if (!outcome) return undefined;
  const normalized: NormalizedEnvelope = {
    code: outcome.code,
    title: outcome.title,
    description: outcome.description,
    data: record.data ?? null,
  };
  if (record.pagination !== undefined) normalized.pagination = record.pagination as Schemas['Pagination'];
  return normalized;
}

/** True for a body already in the normalized shape (what the envelope middleware hands on). */
export function isNormalizedEnvelope(body: unknown): body is NormalizedEnvelope {
  return isOutcome(body) && 'data' in body && !('metadata' in body);
}

/** JSON.parse that answers undefined instead of throwing: bodies here may be HTML or empty. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
