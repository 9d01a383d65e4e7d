// The two documents the mock serves (the service's contract, the control API), each read, parsed
// and given its request validator once per process: several mocks in one process (tests, a
// restart) and the command line's seed check share them instead of parsing and compiling again.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { readOperations, type ContractOperation } from './http/contract-operations.ts';
import { RequestValidator } from './http/request-validator.ts';

export interface ContractDocument {
  doc: Record<string, unknown>;
  operations: ContractOperation[];
  /** Compiles each operation's validators on first use and keeps them (pure functions of the document). */
  validator: RequestValidator;
}

const CONTRACT_ID = 'https://contract.local/openapi.json';
const CONTROL_ID = 'https://contract.local/control-api.json';

function readDocument(relativePath: string, parseText: (text: string) => unknown): Record<string, unknown> {
  return parseText(readFileSync(new URL(relativePath, import.meta.url), 'utf8')) as Record<string, unknown>;
}

function once(read: () => ContractDocument): () => ContractDocument {
  let kept: ContractDocument | undefined;
  return () => (kept ??= read());
}

function contractDocument(doc: Record<string, unknown>, id: string): ContractDocument {
  return { doc, operations: readOperations(doc), validator: new RequestValidator(doc, id) };
}

/** generated/openapi.json, read as plain JSON: much faster at start-up than importing it as a module. */
export const serviceContract = once(() => contractDocument(readDocument('../generated/openapi.json', JSON.parse), CONTRACT_ID));

/** control-api.openapi.yaml; js-yaml: parsing this document with `yaml` took several times longer, at every start. */
export const controlContract = once(() => contractDocument(readDocument('./control-api.openapi.yaml', load), CONTROL_ID));
