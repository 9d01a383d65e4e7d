// `--cors` / MOCK_CORS and startMock's `cors`: which page origins may call the mock (cors.ts answers
// them). Apart from cors.ts so the package face's declarations need no Fastify type.

/** `loopback` (default), `off`, `*`, or the exact origins allowed (`https://app.example`). */
export type CorsSetting = 'loopback' | 'off' | '*' | readonly string[];

export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const { protocol, hostname } = new URL(origin);
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/** Reads `--cors` / MOCK_CORS: `loopback`, `off`, `*`, or a comma-separated list of origins. */
export function parseCorsSetting(text: string): CorsSetting {
  const value = text.trim();
  if (value === 'loopback' || value === 'off' || value === '*') return value;
  const origins = value.split(',').map((o) => o.trim());
  for (const origin of origins)
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new Error(`"${origin}" is not an origin (scheme://host[:port], no path), nor loopback, off or *`);
  return origins;
}
