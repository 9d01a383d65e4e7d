// Where each operation of the contract lives (method and path template), read from the bundled
// contract so the suite names operations by operationId and never repeats a path.
import { contractDocument as contract } from '../../../openapi/index.ts';
import type { operations } from '../../../openapi/index.ts';

export type OperationId = keyof operations;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface OperationLocation {
  operationId: OperationId;
  method: HttpMethod;
  /** Path template relative to the base URL, as in the contract. */
  path: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation under `paths` (webhook receivers are not calls a client makes). */
export function contractOperations(): OperationLocation[] {
  const found: OperationLocation[] = [];
  for (const [path, item] of Object.entries(
    contract.paths as Record<string, Record<string, { operationId?: string }>>,
  )) {
    for (const method of METHODS) {
      const operationId = item[method]?.operationId;
      if (operationId)
        found.push({ operationId: operationId as OperationId, method: method.toUpperCase() as HttpMethod, path });
    }
  }
  return found;
}

const byId = new Map(contractOperations().map((op) => [op.operationId, op]));

export function locateOperation(operationId: OperationId): OperationLocation {
  const found = byId.get(operationId);
  if (!found) throw new Error(`Operation ${operationId} is not under paths in the contract`);
  return found;
}
