// The Pact comparator ignores the server URL's path, so it is given a copy of the bundled contract
// whose paths carry that prefix (`/api`). The contract itself is never changed for it.
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

/** A deep copy of `doc` with every path prefixed by the server base path. */
export function contractWithBasePath(doc: Json = bundled as Json): Json {
  const copy = structuredClone(doc);
  const base = serverBasePath(copy);
  copy.paths = Object.fromEntries(Object.entries(copy.paths as Json).map(([path, item]) => [`${base}${path}`, item]));
  return copy;
}
