// The two envelope placements of the contract: `metadata.{code,title,description}` for most
// successes, the same keys at the top level for the company list and for every error.
import type { components } from '../../../openapi/index.ts';

type Schemas = components['schemas'];

export const SUCCESS = { code: '1000', title: 'Successful', description: '' } as const;

export function metadataEnvelope<T>(data: T): { metadata: Schemas['ResponseMetadata']; data: T } {
  return { metadata: { ...SUCCESS }, data };
}

export function topLevelEnvelope<T>(
  data: T,
  pagination?: Schemas['Pagination'],
): Schemas['TopLevelEnvelope'] & { data: T } {
  return { ...SUCCESS, data, ...(pagination ? { pagination } : {}) };
}

export function errorEnvelope(code: string, title: string, description: string): Schemas['TopLevelEnvelope'] {
  return { code, title, description, data: null };
}
