// Credential faults. The contract prescribes the answer to every one of them: 401 with code 4010,
// including an API key on the webhook calls and a bearer token on the API-key calls.
import fc from 'fast-check';
import type { ContractOperation } from './contract-operations.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { validRequestArbitrary, type FuzzContext } from './valid-request.ts';

function wrongAuthorization(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<string | undefined> {
  const otherScheme = op.scheme === 'sessionBearer' ? ctx.apiKey : `Bearer ${ctx.accessToken}`;
  const sameSchemeWrongSecret = op.scheme === 'sessionBearer' ? `Bearer ${ctx.apiKey}` : `${ctx.apiKey}x`;
  return fc.oneof(
    fc.constantFrom(undefined, '', ' ', otherScheme, sameSchemeWrongSecret, 'Bearer', 'Basic Zm9vOmJhcg=='),
    fc
      .string({ minLength: 1, maxLength: 64 })
      .map((s) => s.replace(/[^\x21-\x7e]/g, 'k'))
      .filter((s) => s !== ctx.apiKey && s !== `Bearer ${ctx.accessToken}`),
    fc.integer({ min: 1024, max: 8 * 1024 }).map((n) => 'k'.repeat(n)),
  );
}

export function authFaultArbitrary(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return withAuthorization(op, ctx, wrongAuthorization(op, ctx));
}

/**
 * The two kinds apart: missing credentials and wrong ones. authFaultArbitrary makes the first once in
 * 21 draws, which a run that sends every kind once would draw for too long.
 */
export function authFaultKinds(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  return [
    withAuthorization(op, ctx, fc.constant(undefined)),
    withAuthorization(
      op,
      ctx,
      wrongAuthorization(op, ctx).filter((authorization) => authorization !== undefined),
    ),
  ];
}

function withAuthorization(
  op: ContractOperation,
  ctx: FuzzContext,
  authorizations: fc.Arbitrary<string | undefined>,
): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(validRequestArbitrary(op, ctx), authorizations).map(([request, authorization]) => {
    const { authorization: _dropped, ...headers } = request.headers;
    return {
      ...request,
      variant: authorization === undefined ? 'missing credentials' : 'wrong credentials',
      headers: authorization === undefined ? headers : { ...headers, authorization },
      contractValid: false,
      expected: { status: 401, code: '4010' },
    };
  });
}
