// Faults in JSON request bodies: one field broken at a time (missing, wrong type, unknown enum
// value, huge, unicode, numbers at the edges, nested deep), bodies that are not objects or not
// JSON, prototype keys, and wrong content types. Whether the result still satisfies the contract is
// decided by the contract validator, not assumed. A fault that builds the body as a value hands it
// on with the text, so the validator judges it without parsing megabytes back.
import fc from 'fast-check';
import { contractValidator } from '../../conformance/src/contract-validator.ts';
import type { ContractOperation } from './contract-operations.ts';
import type { FuzzRequest } from './fuzz-request.ts';
import {
  deepNestingArbitrary,
  edgeNumberTextArbitrary,
  hugeStringArbitrary,
  nastyStringArbitrary,
  unknownEnumArbitrary,
  wrongTypeArbitrary,
} from './hostile-values.ts';
import { resolveSchema } from './schema-arbitrary.ts';
import { validJsonArbitrary, validRequestArbitrary, type FuzzContext } from './valid-request.ts';

type Json = Record<string, unknown>;

/** Stands for raw JSON text inside a value until the body is serialized. */
const RAW = '\u0000raw-json\u0000';

/** A body's text, and the value JSON.parse would give for it where the fault built that value. */
interface FaultBody {
  text: string;
  parsed?: { value: unknown };
}

interface BodyText extends FaultBody {
  contentType: string | undefined;
}

function bodyWithRaw(value: Json, key: string | undefined, raw: string): string {
  if (key === undefined) return raw;
  return JSON.stringify({ ...value, [key]: RAW }).replace(JSON.stringify(RAW), () => raw);
}

const textOnly = (text: string): FaultBody => ({ text });

function fieldFaults(schema: Json): { name: string; fault: (value: Json) => fc.Arbitrary<FaultBody> }[] {
  const properties = Object.entries((schema.properties as Record<string, Json> | undefined) ?? {}).map(
    ([k, s]) => [k, resolveSchema(s)] as const,
  );
  const required = (schema.required as string[] | undefined) ?? [];
  const strings = properties.filter(([, s]) => s.type === 'string' && !s.enum).map(([k]) => k);
  const enums = properties.filter(([, s]) => Array.isArray(s.enum));
  const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
  const set = (value: Json, key: string, v: unknown) => JSON.stringify({ ...value, [key]: v });
  const faults: { name: string; fault: (value: Json) => fc.Arbitrary<FaultBody> }[] = [
    {
      name: 'wrong type field',
      fault: (value) =>
        pick(properties).chain(([k, s]) =>
          wrongTypeArbitrary([s.type as string]).map((v) => textOnly(set(value, k, v))),
        ),
    },
    {
      name: 'number at the edges',
      fault: (value) =>
        fc.tuple(pick(properties), edgeNumberTextArbitrary).map(([[k], n]) => textOnly(bodyWithRaw(value, k, n))),
    },
    {
      name: 'deep nesting',
      fault: (value) =>
        fc
          .tuple(fc.option(pick(properties.map(([k]) => k)), { nil: undefined }), deepNestingArbitrary)
          .map(([k, deep]) => ({
            text: bodyWithRaw(value, k, deep.text),
            parsed: { value: k === undefined ? deep.value : { ...value, [k]: deep.value } },
          })),
    },
    {
      name: 'prototype keys',
      fault: (value) =>
        fc
          .constantFrom('{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}')
          .map((extra) =>
            textOnly(`${JSON.stringify(value).slice(0, -1)}${Object.keys(value).length ? ',' : ''}${extra.slice(1)}`),
          ),
    },
    {
      name: 'body not an object',
      fault: () => fc.constantFrom('[]', '"text"', '1', 'null', 'true', '[{}]').map(textOnly),
    },
    {
      name: 'malformed JSON',
      fault: (value) =>
        fc
          .constantFrom(
            '',
            '{',
            '{"a":}',
            '{"a":1,}',
            "{'a':1}",
            'NaN',
            '\ufeff{}',
            `${JSON.stringify(value)}garbage`,
            JSON.stringify(value).slice(0, -1),
            '{"a":"\\x"}',
          )
          .map(textOnly),
    },
  ];
  if (required.length)
    faults.push({
      name: 'missing required field',
      fault: (value) => pick(required).map((k) => textOnly(JSON.stringify({ ...value, [k]: undefined }))),
    });
  if (enums.length)
    faults.push({
      name: 'unknown enum value',
      fault: (value) =>
        pick(enums).chain(([k, s]) => unknownEnumArbitrary(s.enum as unknown[]).map((v) => textOnly(set(value, k, v)))),
    });
  if (strings.length) {
    faults.push({
      name: 'huge string field',
      fault: (value) =>
        fc.tuple(pick(strings), hugeStringArbitrary).map(([k, huge]) => ({
          text: bodyWithRaw(value, k, huge.json),
          parsed: { value: { ...value, [k]: huge.value } },
        })),
    });
    faults.push({
      name: 'unicode field',
      fault: (value) => fc.tuple(pick(strings), nastyStringArbitrary).map(([k, v]) => textOnly(set(value, k, v))),
    });
  }
  return faults;
}

const WRONG_CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/json; charset=utf-16',
  'image/png',
  '*/*',
];

function jsonVerdict(op: ContractOperation, { text, parsed, contentType }: BodyText): boolean | undefined {
  const essence = contentType?.split(';')[0]?.trim().toLowerCase();
  if (essence !== 'application/json') return false;
  if (/charset=(?!utf-8)/i.test(contentType ?? '')) return undefined;
  let value: unknown;
  try {
    value = parsed ? parsed.value : JSON.parse(text);
  } catch {
    return false;
  }
  return contractValidator().validateRequestBody(op.method, op.path, value).valid;
}

export function jsonBodyFaultArbitraries(op: ContractOperation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest>[] {
  if (op.body?.mediaType !== 'application/json') return [];
  const schema = resolveSchema({ $ref: op.body.schemaPointer });
  const valid = validJsonArbitrary(op, ctx);
  const toRequest =
    (variant: string) =>
    ([request, body]: [FuzzRequest, BodyText]): FuzzRequest => ({
      ...request,
      variant,
      // Kept as text, encoded when sent (send-request.ts): a generator test samples hundreds of bodies,
      // some megabytes, and sends none.
      body: { contentType: body.contentType, payload: body.text },
      contractValid: jsonVerdict(op, body),
    });
  const faults = fieldFaults(schema).map(({ name, fault }) =>
    fc
      .tuple(validRequestArbitrary(op, ctx), valid.chain(fault))
      .map(([request, body]): [FuzzRequest, BodyText] => [request, { ...body, contentType: 'application/json' }])
      .map(toRequest(name)),
  );
  const wrongContentType = fc
    .tuple(validRequestArbitrary(op, ctx), valid, fc.constantFrom(...WRONG_CONTENT_TYPES))
    .map(([request, value, contentType]): [FuzzRequest, BodyText] => [
      request,
      { text: JSON.stringify(value), contentType },
    ])
    .map(toRequest('wrong content type'));
  return [...faults, wrongContentType];
}
