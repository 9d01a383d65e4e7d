// All requests the fuzzer sends to one operation: valid ones (half of them) and every applicable
// fault from the *-faults.ts files, equally weighted among themselves.
import fc from 'fast-check';
import { authFaultArbitrary, authFaultKinds } from './auth-faults.ts';
import type { ContractOperation } from './contract-operations.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { jsonBodyFaultArbitraries } from './json-body-faults.ts';
import { multipartFaultArbitraries } from './multipart-faults.ts';
import { parameterFaultArbitraries } from './parameter-faults.ts';
import { validRequestArbitrary, type FuzzContext } from './valid-request.ts';

export function faultArbitraries(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  return [
    authFaultArbitrary(op, ctx),
    ...parameterFaultArbitraries(op, ctx),
    ...jsonBodyFaultArbitraries(op, ctx),
    ...multipartFaultArbitraries(op, ctx),
  ];
}

/** The same requests, one generator per kind but for the faults of a parameter or field (one kind each, by name). */
export function kindArbitraries(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  return [
    validRequestArbitrary(op, ctx),
    ...authFaultKinds(op, ctx),
    ...parameterFaultArbitraries(op, ctx),
    ...jsonBodyFaultArbitraries(op, ctx),
    ...multipartFaultArbitraries(op, ctx),
  ];
}

export function requestArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const faults = faultArbitraries(op, ctx);
  return fc.oneof(
    { arbitrary: validRequestArbitrary(op, ctx), weight: faults.length },
    ...faults.map((arbitrary) => ({ arbitrary, weight: 1 })),
  );
}
