// A MockSeed judged before the mock starts (`--seed <file>`), by the control API's own schema and
// messages, as POST /__mock/reset would judge it.
import { load } from 'js-yaml';
import { CONTROL_ID, readDocument } from './app.ts';
import { readOperations } from './http/contract-operations.ts';
import { RequestValidator } from './http/request-validator.ts';

/** One message per way the seed breaks the control API's MockSeed; empty when it is a MockSeed. */
export function seedProblems(seed: unknown): string[] {
  const controlDoc = readDocument('./control-api.openapi.yaml', load);
  const reset = readOperations(controlDoc).find((op) => op.operationId === 'resetMock');
  if (!reset) throw new Error('control-api.openapi.yaml has no resetMock operation');
  return new RequestValidator(controlDoc, CONTROL_ID).bodyErrors(reset, seed);
}
