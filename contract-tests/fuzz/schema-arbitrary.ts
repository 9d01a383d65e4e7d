// Valid values for a JSON Schema of the contract, as fast-check arbitraries. Covers the keywords the
// contract's request schemas use and throws on any other, so a new keyword is noticed, not ignored.
import fc from 'fast-check';
import { contractValidator, deref } from '../../conformance/src/contract-validator.ts';

type Json = Record<string, unknown>;

/** Values to use instead of the schema's own for a property or parameter name (known ids, receiver URLs). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const HANDLED = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'format',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'if',
  'then',
  'default',
  // Annotations that carry no constraint.
  'title',
  'description',
  'examples',
  'example',
]);

/** The node a `$ref` chain ends at. */
export function resolveSchema(schema: Json): Json {
  let node = schema;
  while (typeof node.$ref === 'string') node = deref(node, contractValidator().doc);
  return node;
}

/** Plain printable text plus the unicode that breaks naive code: astral planes, combining marks, RTL. */
export const textArbitrary = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom('Ünïcødé GmbH', '株式会社テスト', 'שלום', '🚀 Rocket Ltd', 'e\u0301\u0301', 'a\u200bb'),
);

/** Characters of a URL's path, query and fragment: unreserved, sub-delimiters, `:` `@`, and percent-encoded ones. */
const URL_UNITS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...`-._~!$&'()*+,;=:@`,
  '%20',
  '%25',
  '%2F',
  '%C3%A9',
  '%F0%9F%98%80',
  '%00',
];
const urlPart = (extra: string[]) => fc.string({ unit: fc.constantFrom(...URL_UNITS, ...extra), maxLength: 12 });

/**
 * Absolute http(s) URLs: a domain, path segments, an optional query and fragment. Not fc.webUrl: its
 * path, query and fragment draw percent-encoded characters from all of Unicode, and making it builds a
 * reverse map of the 1.1 million code points (1.2 CPU-s in each test process that fuzzes a `uri` field).
 */
const urlArbitrary = fc
  .tuple(
    fc.constantFrom('http', 'https'),
    fc.domain(),
    fc.array(urlPart([]), { maxLength: 4 }),
    fc.option(urlPart(['/', '?'])),
    fc.option(urlPart(['/', '?'])),
  )
  .map(
    ([scheme, host, segments, query, fragment]) =>
      `${scheme}://${host}${segments.map((s) => `/${s}`).join('')}${query === null ? '' : `?${query}`}${fragment === null ? '' : `#${fragment}`}`,
  );

const dateArbitrary = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringFormat(format: unknown): fc.Arbitrary<string> {
  switch (format) {
    case 'uuid':
      return fc.uuid();
    case 'uri':
      return urlArbitrary;
    case 'date':
      return dateArbitrary;
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case undefined:
    case 'password':
    case 'binary':
      return textArbitrary;
    default:
      throw new Error(`schema-arbitrary: string format ${String(format)} is not handled`);
  }
}

function objectArbitrary(schema: Json, hints: Hints): fc.Arbitrary<Json> {
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
  const required = (schema.required as string[] | undefined) ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(properties)) model[name] = hints[name] ?? valueArbitrary(sub, hints);
  const base = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Json>;
  const conditional = schema.if as Json | undefined;
  if (!conditional) return base;
  // `if` of the contract's shape: property consts plus required; `then` adds required properties.
  const consts = Object.entries((conditional.properties as Record<string, Json> | undefined) ?? {});
  const thenRequired = ((schema.then as Json | undefined)?.required as string[] | undefined) ?? [];
  return base.chain((value) => {
    const applies = consts.every(([k, s]) => k in value && value[k] === s.const);
    const missing = thenRequired.filter((k) => !(k in value));
    if (!applies || missing.length === 0) return fc.constant(value);
    const extra = fc.record(Object.fromEntries(missing.map((k) => [k, model[k] ?? fc.constant(null)])));
    return extra.map((added) => ({ ...value, ...added }));
  });
}

/** An arbitrary of values that satisfy `schema` (a node of the bundled contract, `$ref`s followed). */
export function valueArbitrary(schema: Json, hints: Hints = {}): fc.Arbitrary<unknown> {
  const node = resolveSchema(schema);
  const unknown = Object.keys(node).filter((k) => !HANDLED.has(k) && !k.startsWith('x-'));
  if (unknown.length > 0) throw new Error(`schema-arbitrary: keywords ${unknown.join(', ')} are not handled`);
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
  return fc.oneof(...types.map((type) => typedArbitrary(type, node, hints)));
}

function typedArbitrary(type: string, node: Json, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFormat(node.format);
    case 'integer':
      return fc.integer({
        min: (node.minimum as number | undefined) ?? -1_000_000,
        max: (node.maximum as number | undefined) ?? 1_000_000,
      });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: node.minimum as number | undefined,
        max: node.maximum as number | undefined,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueArbitrary((node.items as Json | undefined) ?? {}, hints), {
        minLength: (node.minItems as number | undefined) ?? 0,
        maxLength: (node.maxItems as number | undefined) ?? 4,
      });
    case 'object':
      return objectArbitrary(node, hints);
    default:
      throw new Error(`schema-arbitrary: type ${String(type)} is not handled`);
  }
}
