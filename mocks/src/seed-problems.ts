// A MockSeed judged before the mock starts (`--seed <file>`), by the control API's own schema and
// messages, as POST /__mock/reset would judge it.
import { controlContract } from './contract-documents.ts';

/** One message per way the seed breaks the control API's MockSeed; empty when it is a MockSeed. */
export function seedProblems(seed: unknown): string[] {
  const { operations, validator } = controlContract();
  const reset = operations.find((op) => op.operationId === 'resetMock');
  if (!reset) throw new Error('control-api.openapi.yaml has no resetMock operation');
  return validator.bodyErrors(reset, seed);
}
