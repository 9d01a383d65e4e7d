// Every operation declares the 400 the mock answers to an invalid request, marked as a gap (the
// specification shows no code for it), with an example a tool can send back: Prism answers it, and
// linters looking for a validation error response (Spectral's define-error-validation) find one.
import { describe, expect, it } from 'vitest';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { contractValidator, deref } from '../../conformance/src/contract-validator.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const doc = contract as Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, operation]) => ({ path, method, operation: operation as Json })),
);

describe('400 on every operation', () => {
  it('covers all operations of the contract', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s declares a 400 marked x-gap',
    (_name, { method, path, operation }) => {
      const response = deref(operation.responses['400'] as Json | undefined, doc);
      expect(response, `${method} ${path}`).toBeDefined();
      expect(response?.['x-gap']).toMatch(/not shown.*\.$/);
      const examples = Object.values(response?.content['application/json'].examples as Json).map(
        (e) => deref(e as Json, doc).value as Json,
      );
      const invalid = examples.find((e) => e.code === 'MOCK_INVALID_REQUEST');
      expect(invalid?.description).toBeTruthy();
      for (const example of examples)
        expect(contractValidator().validateResponse(method.toUpperCase(), path, 400, example).violations).toEqual([]);
    },
  );

  it('keeps the fund run refusal of more than 50 files (Error209) among its 400 examples', () => {
    const response = deref(doc.paths['/integrationfund/fund/run'].post.responses['400'] as Json, doc);
    const codes = Object.values(response.content['application/json'].examples as Json).map(
      (e) => deref(e as Json, doc).value.code,
    );
    expect(codes).toEqual(['Error209', 'MOCK_INVALID_REQUEST']);
  });

  it('no error example shows a placeholder instead of a code', () => {
    const placeholders = Object.entries(doc.components.examples as Json).filter(([, e]) =>
      /not shown>/.test(JSON.stringify((e as Json).value)),
    );
    expect(placeholders.map(([name]) => name)).toEqual([]);
  });
});
