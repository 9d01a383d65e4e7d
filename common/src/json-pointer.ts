// JSON Pointer segments (RFC 6901). Dependency-free, so the mock, the scripts and the tests use the
// client's copy instead of writing their own.
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** A JSON pointer, bare or after `#`; a `$anchor` reference (`#Name`, `#Name/x`) is not one. */
export const isPointer = (text: string): boolean => /^#?(\/|$)/.test(text);

/** The reference tokens of a JSON pointer, bare or after `#` (`#/a/b`, not percent-decoded), unescaped; `''` and `'#'` are the whole document. */
export function pointerTokens(pointer: string): string[] {
  if (!isPointer(pointer)) throw new Error(`Not a JSON pointer: "${pointer}"`);
  const path = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  // Empty tokens stay: `#/patternProperties/` names the property '' (RFC 6901).
  return path === '' ? [] : path.slice(1).split('/').map(unescapePointer);
}

/**
 * The node at a JSON pointer in a document, `$ref`s not followed; undefined where there is none
 * (inherited members, like `constructor`, are none; nor is there one at what is not a pointer, an anchor).
 */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (!isPointer(pointer)) return undefined;
  let node = doc;
  for (const token of pointerTokens(pointer))
    node =
      typeof node === 'object' && node !== null && Object.hasOwn(node, token)
        ? (node as Record<string, unknown>)[token]
        : undefined;
  return node;
}
