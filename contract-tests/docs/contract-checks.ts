// What the documentation site shows of the contract, judged on the document itself: server URLs
// Redoc would resolve against the page's own address, Markdown where Redoc prints plain text, and
// the properties each success response shows at first sight. Plain data, no assertions.
import { resolvePointer } from '../../common/src/index.ts';
import { operations } from '../contract/walk-contract.ts';

type Json = Record<string, unknown>;
interface Server {
  url: string;
  description?: string;
  variables?: Record<string, { description?: string }>;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Server URLs without a scheme: the site resolves them against its own URL (`.../docs/{origin}/api`). */
export function relativeServerUrls(doc: Json): string[] {
  return ((doc.servers as Server[] | undefined) ?? [])
    .map((s) => s.url)
    .filter((url) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(url));
}

/** Server and server-variable descriptions with Markdown code spans, which the site prints as literal backticks. */
export function serverTextWithBackticks(doc: Json): string[] {
  return ((doc.servers as Server[] | undefined) ?? [])
    .flatMap((s) => [s.description ?? '', ...Object.values(s.variables ?? {}).map((v) => v.description ?? '')])
    .filter((text) => text.includes('`'));
}

/**
 * Top-level property names the site shows for a schema when a page opens: through $ref and allOf,
 * and of anyOf/oneOf the first alternative, which Redoc selects until the reader picks another.
 */
function shownProperties(doc: Json, schema: unknown, seen = new Set<unknown>()): Set<string> {
  const names = new Set<string>();
  if (!isObject(schema) || seen.has(schema)) return names;
  seen.add(schema);
  if (typeof schema.$ref === 'string')
    for (const n of shownProperties(doc, resolvePointer(doc, schema.$ref), seen)) names.add(n);
  if (isObject(schema.properties)) for (const n of Object.keys(schema.properties)) names.add(n);
  const branches = [
    ...(Array.isArray(schema.allOf) ? schema.allOf : []),
    ...[schema.anyOf, schema.oneOf].flatMap((alternatives) =>
      Array.isArray(alternatives) ? alternatives.slice(0, 1) : [],
    ),
  ];
  for (const branch of branches) for (const n of shownProperties(doc, branch, seen)) names.add(n);
  return names;
}

/** `METHOD path status` of every 2xx JSON response of the paths whose schema shows the property at first sight. */
export function successResponsesShowing(doc: Json, property: string): string[] {
  const found: string[] = [];
  for (const { kind, name, method, op } of operations(doc)) {
    if (kind !== 'path') continue;
    for (const [status, response] of Object.entries((op.responses as Json | undefined) ?? {})) {
      if (!status.startsWith('2')) continue;
      const resolved =
        isObject(response) && typeof response.$ref === 'string' ? resolvePointer(doc, response.$ref) : response;
      const schema = ((resolved as Json | undefined)?.content as Json | undefined)?.['application/json'] as
        | Json
        | undefined;
      if (shownProperties(doc, schema?.schema).has(property)) found.push(`${method.toUpperCase()} ${name} ${status}`);
    }
  }
  return found;
}
