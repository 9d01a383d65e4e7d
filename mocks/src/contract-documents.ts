// The two documents the mock serves (the service's contract, the control API), each read, parsed
// and given its request validator once per process: several mocks in one process (tests, a
// restart) and the command line's seed check share them instead of parsing and compiling again.
import { readFileSync } from 'node:fs';
import { DOCUMENTS_DIR } from './documents-dir.ts';
import { readOperations, type ContractOperation } from './http/contract-operations.ts';
import { validatorCompiler } from './http/compiled-validators.ts';
import { RequestValidator } from './http/request-validator.ts';

export interface ContractDocument {
  doc: Record<string, unknown>;
  operations: ContractOperation[];
  /** Each operation's validators, made on first use and kept (pure functions of the document). */
  validator: RequestValidator;
}

export const CONTRACT_ID = 'https://contract.local/openapi.json';
export const CONTROL_ID = 'https://contract.local/control-api.json';

function readDocument(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(name, DOCUMENTS_DIR), 'utf8')) as Record<string, unknown>;
}

function once(read: () => ContractDocument): () => ContractDocument {
  let kept: ContractDocument | undefined;
  return () => (kept ??= read());
}

function contractDocument(doc: Record<string, unknown>, id: string): ContractDocument {
  return { doc, operations: readOperations(doc), validator: new RequestValidator(doc, id, validatorCompiler(doc, id)) };
}

/** generated/openapi.json, read as plain JSON: much faster at start-up than importing it as a module. */
export const serviceContract = once(() => contractDocument(readDocument('openapi.json'), CONTRACT_ID));

/**
 * control-api.openapi.yaml as `npm run generate` writes it in JSON: parsing YAML at every start costs a
 * tenth of the start's CPU (docs/decisions/2026-11-measured-costs.md).
 */
export const controlContract = once(() => contractDocument(readDocument('control-api.json'), CONTROL_ID));
