// Values chosen to break a server: wrong JSON types, huge and unusual strings, numbers at the edges,
// unknown enum values, deep nesting (as raw JSON text, since JSON.stringify itself overflows on it).
import fc from 'fast-check';

/** Upper bound of the huge strings, in characters; the mock's JSON body limit is crossed on purpose. */
const HUGE_MAX = 2 * 1024 * 1024;

/** A value of every JSON type; the caller keeps those whose type differs from the schema's. */
export const anyJsonTypeArbitrary = fc.constantFrom<unknown>(
  0,
  -1,
  1.5,
  true,
  false,
  null,
  'text',
  [],
  ['a'],
  {},
  { a: 1 },
);

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A value whose JSON type is none of `types` (`integer` also counts as `number`). */
export function wrongTypeArbitrary(types: string[]): fc.Arbitrary<unknown> {
  return anyJsonTypeArbitrary.filter((v) => {
    const t = jsonType(v);
    return !types.includes(t) && !(t === 'integer' && types.includes('number'));
  });
}

/**
 * Huge strings: repeated characters (cheap to build) from 64 KiB past the body limit, with their JSON
 * text, built by repetition too: JSON.stringify escapes megabytes one character at a time.
 */
export const hugeStringArbitrary = fc
  .tuple(fc.integer({ min: 64 * 1024, max: HUGE_MAX }), fc.constantFrom('a', 'é', '😀', '\u0000', '%', '"'))
  .map(([n, ch]) => {
    const count = Math.ceil(n / ch.length);
    return { value: ch.repeat(count), json: `"${JSON.stringify(ch).slice(1, -1).repeat(count)}"` };
  });

const SURROGATES = 0xe000 - 0xd800;
/**
 * One code point, surrogates excluded: fast-check's `unit: 'binary'` over the same index, so the
 * same seed gives the same strings. Its own reverse lookup builds a map of all 1.1 million code
 * points when the string arbitrary is made (2 CPU-s per test file); this one computes the index.
 */
const codePointUnit = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (i) => String.fromCodePoint(i < 0xd800 ? i : i + SURROGATES),
  (value) => {
    const code = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (code === undefined || String.fromCodePoint(code) !== value || (code >= 0xd800 && code < 0xe000))
      throw new Error('not one code point');
    return code < 0xd800 ? code : code - SURROGATES;
  },
);

/** Strings that are valid JSON text but hostile: lone surrogates, NUL, BOM, control and RTL marks. */
export const nastyStringArbitrary = fc.oneof(
  fc.string({ unit: codePointUnit, maxLength: 30 }),
  fc.constantFrom(
    '\ud800',
    '\udfff\ud800',
    '\u0000',
    '\ufeff',
    '\u202e',
    '\r\n\r\n',
    '../../../../etc/passwd',
    '%00',
    '${jndi:x}',
    '<script>',
    "' OR 1=1 --",
  ),
);

/** Numbers the JSON grammar allows that overflow, underflow or lose precision. Raw text, not values. */
export const edgeNumberTextArbitrary = fc.constantFrom(
  '-0',
  '1e999',
  '-1e999',
  '1e-999',
  '9007199254740993',
  '-9007199254740993',
  '2147483648',
  '-2147483649',
  '1.7976931348623157e308',
  '5e-324',
  '0.1e1',
  '100000000000000000000000000000',
);

/** Query-string numbers that are not plain non-negative integers. */
export const edgeNumberQueryArbitrary = fc.constantFrom(
  '-1',
  '-0',
  '1.5',
  '1e3',
  '0x10',
  ' 7',
  '7 ',
  '+7',
  '9007199254740993',
  '1e999',
  'NaN',
  'Infinity',
  '',
  '٣',
  '0'.repeat(400) + '1',
);

/** Strings that are no value of the enum. */
export function unknownEnumArbitrary(values: unknown[]): fc.Arbitrary<string> {
  const near = values
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => [v.toUpperCase(), `${v} `, `${v}\u0000`]);
  return fc
    .oneof(fc.constantFrom('', 'unknown', ...near), fc.string({ minLength: 1, maxLength: 12 }))
    .filter((v) => !values.includes(v));
}

/**
 * JSON text of arrays or objects nested `depth` deep, with the value it stands for (built by a loop:
 * JSON.parse takes about 1 ms per thousand levels).
 */
export const deepNestingArbitrary = fc
  .tuple(fc.integer({ min: 1_000, max: 200_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let value: unknown = arrays ? [] : 1;
    for (let i = arrays ? 1 : 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
    return {
      text: arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      value,
    };
  });
