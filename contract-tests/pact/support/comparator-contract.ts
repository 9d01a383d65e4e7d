// The copy of the bundled contract the Pact comparator reads, derived at run time; the contract itself
// is never changed for the tool. The comparator ignores the server URL's path, so the paths carry that
// prefix (`/api`); and it reads repeated multipart parts as one value, so array parts also accept one.
import bundled from '../../../generated/openapi.json' with { type: 'json' };

type Json = Record<string, unknown>;
type Server = { url: string; variables?: Record<string, { default: string }> };

/** Path part of the first server URL after its variables take their defaults (`/api`). */
export function serverBasePath(doc: Json): string {
  const server = (doc.servers as Server[] | undefined)?.[0];
  if (!server) return '';
  const url = server.url.replace(/\{(\w+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
  return new URL(url, 'http://base.invalid').pathname.replace(/\/$/, '');
}

function resolveRef(doc: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Json>((n, key) => n[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, doc);
}

/**
 * Multipart array properties (`files`: one part per file) also accept a single value: the comparator
 * keeps only the last of repeated parts, so a correct upload of any number of files reaches it as one.
 */
function acceptSinglePartArrays(doc: Json): void {
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const operation of Object.values(item)) {
      const media = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['multipart/form-data'] as Json | undefined;
      if (!media?.schema) continue;
      const schema = structuredClone(resolveRef(doc, media.schema as Json));
      for (const [name, property] of Object.entries((schema.properties as Record<string, Json> | undefined) ?? {})) {
        if (property.type === 'array' && property.items) (schema.properties as Json)[name] = { anyOf: [property, property.items] };
      }
      media.schema = schema;
    }
  }
}

/** A deep copy of `doc` as the comparator needs it: paths prefixed by the server base path, multipart arrays relaxed. */
export function contractForComparator(doc: Json = bundled as Json): Json {
  const copy = structuredClone(doc);
  const base = serverBasePath(copy);
  copy.paths = Object.fromEntries(Object.entries(copy.paths as Json).map(([path, item]) => [`${base}${path}`, item]));
  acceptSinglePartArrays(copy);
  return copy;
}
