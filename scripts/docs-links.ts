// Keeps the site's links relative, so any static host serves it under any folder (/v0.1.0/, /docs/):
// Redoc writes its navigation links from the host's root (`href="/section/errors"`) and routes by
// the address's hash (`#/section/errors`) when clicked; opened in a new tab or copied, such a link
// led to the host's root. Links are rewritten to their hash form in the built markup and, as Redoc
// renders more of the page, by a small inline script.
import { bodyEnd } from './docs-body-end.ts';
const LINK_SCRIPT = `(() => {
  const fix = (root) => {
    for (const a of root.querySelectorAll('a[href^="/"]:not([href^="//"])')) a.setAttribute('href', '#' + a.getAttribute('href'));
  };
  fix(document);
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.type === 'attributes') fix(change.target.parentNode ?? document);
      for (const node of change.addedNodes) if (node.nodeType === 1) fix(node.parentNode ?? node);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['href'] });
})();`;

/** The page with its root-relative `<a href>` rewritten to hash links and the script that keeps them so. */
export function withRelativeLinks(html: string): string {
  const end = bodyEnd(html);
  const markup = html.slice(0, end).replace(/(<a\b[^<>]*?\bhref=")\/(?!\/)/g, '$1#/');
  return `${markup}<script id="relative-links">\n${LINK_SCRIPT}\n</script>\n${html.slice(end)}`;
}
