// Judges an answer of the mock with the fuzzer's response judge, for tests that build their
// requests by hand: the operation is named by its operationId.
import { contractOperations, type ContractOperation } from '../../fuzz/contract-operations.ts';
import { judgeResponse } from '../../fuzz/response-judge.ts';
import type { FuzzRequest } from '../../fuzz/fuzz-request.ts';
import type { HttpAnswer } from '../../support/http-call.ts';

export function operation(operationId: string): ContractOperation {
  const op = contractOperations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in the contract`);
  return op;
}

/** The problems of an answer, as the fuzzer sees them; [] when the contract allows it. */
export function contractProblems(
  operationId: string,
  answer: HttpAnswer,
  request: Pick<FuzzRequest, 'contractValid' | 'expected'> = { contractValid: undefined },
): string[] {
  return judgeResponse({ operation: operation(operationId), ...request }, answer);
}

/** `<baseUrl><path>` of an operation. */
export function operationUrl(baseUrl: string, operationId: string, query = ''): string {
  return `${baseUrl}${operation(operationId).path}${query}`;
}
