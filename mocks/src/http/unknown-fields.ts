// Properties of a JSON body that the contract's schema does not declare. The specification does
// not say unknown fields are refused, so the mock accepts them, but names them in a response
// header: a typo (`companyWebsit`) would otherwise lose its value without a word.
import { resolvePointer } from '../../../common/src/index.ts';

export const UNKNOWN_FIELDS_HEADER = 'X-Mock-Unknown-Fields';

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every schema that applies to the same value: the schema itself, what it `$ref`s, and its
 * `allOf`/`anyOf`/`oneOf`/`then`/`else` branches (a property declared in any branch is known).
 */
function applicable(doc: unknown, schema: unknown, into: Schema[] = []): Schema[] {
  if (!isObject(schema) || into.includes(schema)) return into;
  into.push(schema);
  if (typeof schema.$ref === 'string') applicable(doc, resolvePointer(doc, schema.$ref), into);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) for (const branch of branches) applicable(doc, branch, into);
  }
  for (const key of ['then', 'else'] as const) applicable(doc, schema[key], into);
  return into;
}

/** Dotted paths of the properties in value that no applicable schema declares (`extraConfig.colour`). */
export function unknownFields(doc: unknown, schema: unknown, value: unknown, path = ''): string[] {
  const schemas = applicable(doc, schema);
  if (Array.isArray(value)) {
    const items = schemas.map((s) => s.items).filter((s) => s !== undefined);
    return items.length ? value.flatMap((item, i) => unknownFields(doc, { allOf: items }, item, `${path}${i}.`)) : [];
  }
  if (!isObject(value)) return [];
  const declared = schemas.map((s) => s.properties).filter(isObject);
  const patterns = schemas
    .flatMap((s) => (isObject(s.patternProperties) ? Object.keys(s.patternProperties) : []))
    .map((p) => new RegExp(p, 'u'));
  // A schema that declares no property at all leaves the object open on purpose: nothing is unknown there.
  if (declared.length === 0 && patterns.length === 0) return [];
  return Object.entries(value).flatMap(([name, child]) => {
    const own = declared.filter((properties) => name in properties).map((properties) => properties[name]);
    if (own.length > 0) return unknownFields(doc, { allOf: own }, child, `${path}${name}.`);
    return patterns.some((pattern) => pattern.test(name)) ? [] : [`${path}${name}`];
  });
}

const MAX_NAMES = 20;
const MAX_NAME_LENGTH = 100;

/**
 * The header's value: the paths comma-separated, each cut to 100 characters, with any character
 * outside printable ASCII (and `%`, `,`) percent-encoded as UTF-8, at most 20 of them then
 * `(N more)`: a header must stay valid and small whatever names a body uses.
 */
export function unknownFieldsHeader(paths: string[]): string {
  const names = paths
    .slice(0, MAX_NAMES)
    .map((path) =>
      [...path.slice(0, MAX_NAME_LENGTH)]
        .map((char) =>
          /^[\x21-\x7e]$/.test(char) && char !== '%' && char !== ','
            ? char
            : [...Buffer.from(char)].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
        )
        .join(''),
    );
  const more = paths.length - names.length;
  return more > 0 ? `${names.join(', ')}, (${more} more)` : names.join(', ');
}
