// The bundled contract as plain JSON, for the facts the client reads at run time (security per
// operation, upload limits, page-size clamp, webhook schemas) instead of re-typing them.
import { contractDocument as bundled } from '../../openapi/index.ts';
import { pointerTokens } from '../../common/src/index.ts';

export type JsonObject = { [key: string]: unknown };

export const contractDocument = bundled as unknown as JsonObject;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The node at a JSON pointer (`#/components/schemas/Project`), following local `$ref`s on the way. */
export function contractNode(pointer: string): JsonObject {
  let node: unknown = contractDocument;
  for (const key of pointerTokens(pointer)) {
    node = follow(node);
    node = isObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
  }
  node = follow(node);
  if (!isObject(node)) throw new Error(`The contract (generated/openapi.json) has no object at ${pointer}.`);
  return node;
}

function follow(node: unknown): unknown {
  const seen = new Set<string>();
  while (isObject(node) && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`Circular $ref ${node.$ref} in the contract.`);
    seen.add(node.$ref);
    node = contractNode(node.$ref);
  }
  return node;
}

/** An `x-` fact the client depends on; a contract that stops stating it is a loud failure, not a silent default. */
export function contractFact<T>(pointer: string, key: string, guard: (value: unknown) => value is T): T {
  const value = contractNode(pointer)[key];
  if (!guard(value)) throw new Error(`The contract no longer states ${key} at ${pointer}; the client relies on it.`);
  return value;
}

export const isPositiveInteger = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
