// Makes the page written by `redocly build-docs --inlineBundle` load nothing from the internet.
// The inline bundle still points its "API docs by Redocly" badge at cdn.redoc.ly; that image is
// swapped for an inline SVG of the same words, and a Content-Security-Policy keeps the page on its
// own origin should any other remote asset appear in a later Redoc.

const REDOC_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

const BADGE_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' width='52' height='14'><text x='0' y='11' font-family='sans-serif' font-size='11' fill='%23333'>Redocly</text></svg>";
const BADGE = `data:image/svg+xml,${BADGE_SVG.replace(/</g, '%3C').replace(/>/g, '%3E')}`;

// Inline scripts and styles are the page itself; blob: is Redoc's search worker and downloads. The
// page connects to its own origin only: the console (docs-console/) sends from console-frame.html,
// a frame beside the page whose own policy names the one server the reader chose.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
].join('; ');

/** Tags in the page's markup that would fetch from another host when the page loads. */
export function remoteAssets(html: string): string[] {
  const tags = html.match(/<(?:script|link|img|iframe|source)\b[^>]*>/gi) ?? [];
  const remote = tags.filter((tag) => /\b(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i.test(tag));
  const logos = REDOC_LOGOS.filter((url) => html.includes(url));
  return [...remote, ...logos];
}

/** The page with the Redoc badge inlined and the CSP added; throws if a remote asset remains. */
export function makeSelfContained(html: string): string {
  if (!/<head>/i.test(html))
    throw new Error('The built documentation page has no <head>; is it a redocly build-docs page?');
  let page = html;
  for (const url of REDOC_LOGOS) page = page.split(url).join(BADGE);
  // The empty icon spares the browser its /favicon.ico request.
  page = page.replace(
    /<head>/i,
    `<head>\n  <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />\n  <link rel="icon" href="data:," />`,
  );
  const remaining = remoteAssets(page);
  if (remaining.length > 0) {
    throw new Error(`The documentation page still loads remote assets:\n${remaining.map((r) => `- ${r}`).join('\n')}`);
  }
  return page;
}
