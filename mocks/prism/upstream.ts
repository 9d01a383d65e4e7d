// Prism's proxy forwards to `<upstream path> + <request path>`, and the request path already holds
// the contract's server path (`/api/...`). Accepting the deployment's base URL (ending in `/api`,
// like verify:live's --base-url) therefore means dropping that suffix before handing it to Prism.
import { serverBasePath } from './prism-document.ts';

export function prismUpstream(upstream: string): string {
  let url: URL;
  try {
    url = new URL(upstream);
  } catch {
    throw new Error(`Invalid upstream URL "${upstream}": give the service's base URL, e.g. http://127.0.0.1:4010/api`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Invalid upstream URL "${upstream}": only http and https are supported`);
  }
  const base = serverBasePath();
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = base && path.endsWith(base) ? path.slice(0, -base.length) : path;
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '');
}
