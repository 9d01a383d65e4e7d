// The copy of the bundled contract the Pact comparator reads, derived at run time; the contract itself
// is never changed for the tool. The comparator ignores the server URL's path, so the paths carry that
// prefix (`/api`); it reads repeated multipart parts as one value, so array parts also accept one; and
// it warns about a Content-Type on a call without a body, which the specification asks for on two.
import bundled from '../../../generated/openapi.json' with { type: 'json' };
import { serverBasePath } from '../../../mocks/prism/prism-document.ts';
import { deref } from '../../support/contract-validator.ts';

type Json = Record<string, unknown>;

/**
 * Multipart array properties (`files`: one part per file) also accept a single value: the comparator
 * keeps only the last of repeated parts, so a correct upload of any number of files reaches it as one.
 */
function acceptSinglePartArrays(doc: Json): void {
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const media = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['multipart/form-data'] as Json | undefined;
      if (!media?.schema) continue;
      const schema = structuredClone(deref(media.schema as Json, doc));
      for (const [name, property] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
        if (property.type === 'array' && property.items) (schema.properties as Json)[name] = { anyOf: [property, property.items] };
      }
      media.schema = schema;
    }
  }
}

/**
 * Bodiless calls on which the specification states `Content-Type: application/json` as required (the
 * company list and the webhook configuration read). The comparator warns about a content type on an
 * operation that consumes nothing, so the copy says these consume JSON, through Swagger 2's
 * `consumes`, which the comparator reads (and which no other tool sees).
 */
export const BODILESS_JSON_CALLS = [
  ['get', '/integration/projects'],
  ['get', '/integration/webhook'],
] as const;

function acceptJsonContentTypeOnBodilessCalls(doc: Json): void {
  for (const [method, path] of BODILESS_JSON_CALLS) {
    const operation = (doc.paths as Record<string, Record<string, Json> | undefined>)[path]?.[method];
    if (!operation || operation.requestBody) throw new Error(`${method.toUpperCase()} ${path} is no longer a bodiless operation of the contract`);
    operation.consumes = ['application/json'];
  }
}

/**
 * A deep copy of `doc` as the comparator needs it: paths prefixed by the server base path, multipart
 * arrays relaxed, JSON content type accepted on the bodiless calls the specification states it for.
 */
export function contractForComparator(doc: Json = bundled as Json): Json {
  const copy = structuredClone(doc);
  acceptJsonContentTypeOnBodilessCalls(copy);
  const base = serverBasePath(copy);
  copy.paths = Object.fromEntries(Object.entries(copy.paths as Json).map(([path, item]) => [`${base}${path}`, item]));
  acceptSinglePartArrays(copy);
  return copy;
}
