// The contract's face: the only way code outside openapi/ and generated/ reaches the contract's types and its
// bundled document. Both are built from openapi/ by `npm run generate` into generated/.
import bundled from '../generated/openapi.json' with { type: 'json' };

export type { components, operations, paths, webhooks } from '../generated/types.ts';

/** The bundled contract as plain JSON; its shape is the OpenAPI 3.1 document model, read by pointer. */
export interface ContractDocument {
  readonly openapi: string;
  readonly info: { readonly version: string; readonly [key: string]: unknown };
  readonly paths: { readonly [path: string]: unknown };
  readonly [key: string]: unknown;
}

/** The bundled contract (generated/openapi.json). */
export const contractDocument: ContractDocument = bundled;
