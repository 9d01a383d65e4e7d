// JSON Pointer segments (RFC 6901). Dependency-free, so the mock, the scripts and the tests use the
// client's copy instead of writing their own.
export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
