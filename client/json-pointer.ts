// JSON Pointer segments (RFC 6901). Dependency-free, so the mock, the scripts and the tests use the
// client's copy instead of writing their own.
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The reference tokens of a JSON pointer, bare or after `#` (`#/a/b`, not percent-decoded), unescaped; `''` and `'#'` are the whole document. */
export function pointerTokens(pointer: string): string[] {
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (path === '') return [];
  if (!path.startsWith('/')) throw new Error(`Not a JSON pointer: "${pointer}"`);
  // Empty tokens stay: `#/patternProperties/` names the property '' (RFC 6901).
  return path.slice(1).split('/').map(unescapePointer);
}

/** The node at a JSON pointer in a document, `$ref`s not followed; undefined where there is none (inherited members, like `constructor`, are none). */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const token of pointerTokens(pointer)) node = typeof node === 'object' && node !== null && Object.hasOwn(node, token) ? (node as Record<string, unknown>)[token] : undefined;
  return node;
}
