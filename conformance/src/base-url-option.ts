// `--base-url` as the commands that call the service take it (verify, parity): the service base URL,
// an absolute http(s) URL ending in /api like the contract's server URL. The client and pact-verify
// refuse a URL without /api too: every call would miss the service.

/** The URL without its trailing slashes; throws one line naming the rule it breaks. */
export function serviceBaseUrl(value: string | undefined): string {
  if (!value) throw new Error('Missing --base-url');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid --base-url "${value}": expected an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Invalid --base-url "${value}": only http and https`);
  if (!/\/api\/?$/.test(url.pathname))
    throw new Error(`Invalid --base-url "${value}": the service base URL ends in /api (e.g. ${url.origin}/api)`);
  return value.replace(/\/+$/, '');
}
