// Where the built page's own </body> is: the last one, since Redoc's inline script holds the string
// too. Found on the page as it is: lower-casing the page first would move the index (some letters
// of Redoc's bundle lower-case to two characters).
export function bodyEnd(html: string): number {
  const ends = [...html.matchAll(/<\/body>/gi)];
  const last = ends.at(-1);
  if (last?.index === undefined) throw new Error('The built documentation page has no </body>.');
  return last.index;
}
