// Our few corrections to Redoc's styles, added to the built page as one inline <style> (the CSP
// allows inline styles). Each rule says what it fixes.
export const SITE_CSS = [
  // Redoc breaks inline code anywhere, so a narrow table column split codes mid-word (`Erro r131`).
  // Break between words only: the column grows to the longest code instead.
  'td code, th code { word-break: normal !important; overflow-wrap: normal !important; }',
].join('\n');

/** The page with SITE_CSS as the last style of its <head>, so it wins over Redoc's own. */
export function withSiteStyle(html: string): string {
  if (!/<\/head>/i.test(html))
    throw new Error('The built documentation page has no </head>; is it a redocly build-docs page?');
  return html.replace(/<\/head>/i, `<style id="site-style">\n${SITE_CSS}\n</style>\n</head>`);
}
