// The generators produce what they claim: valid requests satisfy the contract, faults break it
// where the contract decides, and every kind of fault the issue lists is generated.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import { operation } from '../robustness/support/contract-answer.ts';
import { contractOperations } from './contract-operations.ts';
import { parametersVerdict } from './parameter-validity.ts';
import { faultArbitraries } from './request-arbitrary.ts';
import { validRequestArbitrary, type FuzzContext } from './valid-request.ts';

const ctx: FuzzContext = { apiKey: 'key', accessToken: 'token', hints: {} };
const SAMPLES = 40;
const sample = <T>(arbitrary: fc.Arbitrary<T>, numRuns = SAMPLES) => fc.sample(arbitrary, { seed: 42, numRuns });

describe.each(contractOperations().map((op) => [op.operationId, op] as const))('generators for %s', (_id, op) => {
  it('valid requests satisfy the contract', () => {
    for (const request of sample(validRequestArbitrary(op, ctx))) {
      expect(parametersVerdict(op, request.query, request.headers)).toBe(true);
      expect(request.headers.authorization).toBe(op.scheme === 'sessionBearer' ? 'Bearer token' : 'key');
      if (op.body?.mediaType === 'application/json') {
        const body = JSON.parse(Buffer.from(request.body?.payload ?? '').toString());
        expect(contractValidator().validateRequestBody(op.method, op.path, body).violations).toEqual([]);
      }
      if (op.body?.mediaType === 'multipart/form-data') {
        expect(Buffer.from(request.body?.payload ?? '').toString('latin1')).toMatch(/filename=".*\.(pdf|xlsx|xls)"/);
      }
    }
  });

  it('faults that the contract decides are marked as breaking it', () => {
    const alwaysInvalid = new Set([
      'missing credentials',
      'wrong credentials',
      'missing required parameter',
      'wrong type parameter',
      'missing required field',
      'wrong type field',
      'unknown enum value',
      'body not an object',
      'malformed JSON',
      'no files',
      'malformed multipart',
    ]);
    for (const arbitrary of faultArbitraries(op, ctx)) {
      for (const request of sample(arbitrary, 10)) {
        if (alwaysInvalid.has(request.variant)) expect(request.contractValid, request.variant).toBe(false);
      }
    }
  });
});

describe('fault catalogue', () => {
  it('covers every kind of input the issue lists', () => {
    const variants = new Set(
      contractOperations().flatMap((op) =>
        faultArbitraries(op, ctx).flatMap((a) => sample(a, 3).map((r) => r.variant)),
      ),
    );
    for (const kind of [
      'wrong type field',
      'wrong type parameter',
      'missing required field',
      'missing required parameter',
      'huge string field',
      'huge string parameter',
      'deep nesting',
      'unicode field',
      'unicode parameter',
      'number at the edges',
      'unknown enum value',
      'wrong content type',
      'duplicate query parameter',
    ]) {
      expect(variants, kind).toContain(kind);
    }
  });

  it('a huge string field is sent as the JSON text of the value it is judged by', () => {
    const huge = faultArbitraries(operation('createProject'), ctx)
      .map((a) => sample(a, 4))
      .flat()
      .filter((r) => r.variant === 'huge string field');
    expect(huge.length).toBeGreaterThan(0);
    for (const request of huge) {
      const text = Buffer.from(request.body?.payload ?? '').toString();
      const body = JSON.parse(text);
      // Compared as a boolean: a failure would otherwise print megabytes.
      expect(JSON.stringify(body) === text, 'the body is JSON.stringify of its value').toBe(true);
      expect(request.contractValid).toBe(
        contractValidator().validateRequestBody('POST', '/integration/project', body).valid,
      );
    }
  });

  it('a body with one field broken is judged invalid by the contract validator', () => {
    const wrongType = faultArbitraries(operation('createProject'), ctx)
      .map((a) => sample(a, 20))
      .flat()
      .filter((r) => r.variant === 'wrong type field');
    expect(wrongType.length).toBeGreaterThan(0);
    for (const request of wrongType) {
      const body = JSON.parse(Buffer.from(request.body?.payload ?? '').toString());
      expect(contractValidator().validateRequestBody('POST', '/integration/project', body).valid).toBe(false);
    }
  });
});
