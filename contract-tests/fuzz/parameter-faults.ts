// Faults in query and header parameters: a required one missing, wrong types, numbers at the
// edges, huge and hostile strings, malformed percent-encoding, repeated and unknown parameters.
import fc from 'fast-check';
import type { ContractOperation, ContractParameter } from './contract-operations.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import { edgeNumberQueryArbitrary, nastyStringArbitrary } from './hostile-values.ts';
import { parametersVerdict } from './parameter-validity.ts';
import { resolveSchema, valueArbitrary } from './schema-arbitrary.ts';
import { serialize, validRequestArbitrary, type FuzzContext } from './valid-request.ts';

/** Longest query value: Node refuses request heads over 16 KiB before the mock sees them. */
const LONG_VALUE_MAX = 12 * 1024;

type Fault = (base: FuzzRequest, param: ContractParameter) => fc.Arbitrary<Partial<FuzzRequest>>;

function setValue(base: FuzzRequest, param: ContractParameter, value: string): Partial<FuzzRequest> {
  if (param.in === 'header') return { headers: { ...base.headers, [param.name.toLowerCase()]: value } };
  return { query: [...base.query.filter(([n]) => n !== param.name), [param.name, value]] };
}

const isNumeric = (p: ContractParameter) => ['integer', 'number'].includes(resolveSchema(p.schema).type as string);
const isQuery = (p: ContractParameter) => p.in === 'query';

const FAULTS: { name: string; applies: (p: ContractParameter) => boolean; fault: Fault }[] = [
  {
    name: 'missing required parameter',
    applies: (p) => p.required,
    fault: (base, p) =>
      fc.constant(
        p.in === 'header'
          ? { headers: Object.fromEntries(Object.entries(base.headers).filter(([k]) => k !== p.name.toLowerCase())) }
          : { query: base.query.filter(([n]) => n !== p.name) },
      ),
  },
  {
    name: 'wrong type parameter',
    applies: (p) => isNumeric(p) || resolveSchema(p.schema).format !== undefined,
    fault: (base, p) =>
      fc.constantFrom('abc', 'true', 'null', '[]', '{}', '1,2', 'undefined').map((v) => setValue(base, p, v)),
  },
  {
    name: 'number at the edges',
    applies: isNumeric,
    fault: (base, p) => edgeNumberQueryArbitrary.map((v) => setValue(base, p, v)),
  },
  {
    name: 'huge string parameter',
    applies: () => true,
    fault: (base, p) =>
      fc
        .integer({ min: 1024, max: LONG_VALUE_MAX })
        .map((n) => setValue(base, p, 'x'.repeat(p.in === 'header' ? n / 2 : n))),
  },
  {
    name: 'unicode parameter',
    applies: isQuery,
    fault: (base, p) => nastyStringArbitrary.map((v) => setValue(base, p, v)),
  },
  {
    name: 'malformed percent-encoding',
    applies: isQuery,
    fault: (base, p) =>
      fc.constantFrom('%', '%E0%A4%A', '%FF%FE', '%00', '%C0%AF', '%ED%A0%80', '%%41').map((raw) => ({
        query: base.query.filter(([n]) => n !== p.name),
        rawQuery: `${p.name}=${raw}`,
      })),
  },
  {
    name: 'duplicate query parameter',
    applies: isQuery,
    fault: (base, p) =>
      fc.array(valueArbitrary(p.schema).map(serialize), { minLength: 2, maxLength: 4 }).map((values) => ({
        query: [...base.query.filter(([n]) => n !== p.name), ...values.map((v): [string, string] => [p.name, v])],
      })),
  },
];

/** Parameters the contract does not have, with names that reach into prototypes. */
const unknownParameterFault = (base: FuzzRequest) =>
  fc
    .subarray(
      [
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        '__proto__[polluted]',
        'constructor[prototype][polluted]',
        'unexpected',
      ],
      { minLength: 1 },
    )
    .map((names) => ({ query: [...base.query, ...names.map((n): [string, string] => [n, 'polluted'])] }));

export function parameterFaultArbitraries(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  const base = validRequestArbitrary(op, ctx);
  const result: fc.Arbitrary<FuzzRequest>[] = [];
  const finish =
    (name: string) =>
    (pair: [FuzzRequest, Partial<FuzzRequest>]): FuzzRequest => {
      const request = { ...pair[0], ...pair[1], variant: name };
      return {
        ...request,
        contractValid: request.rawQuery ? undefined : parametersVerdict(op, request.query, request.headers),
      };
    };
  for (const { name, applies, fault } of FAULTS) {
    const params = op.parameters.filter(applies);
    if (params.length === 0) continue;
    result.push(
      fc
        .tuple(base, fc.constantFrom(...params))
        .chain(([request, param]) =>
          fault(request, param).map((change): [FuzzRequest, Partial<FuzzRequest>] => [request, change]),
        )
        .map(finish(name)),
    );
  }
  result.push(
    base
      .chain((request) =>
        unknownParameterFault(request).map((change): [FuzzRequest, Partial<FuzzRequest>] => [request, change]),
      )
      .map(finish('unknown query parameter')),
  );
  return result;
}
