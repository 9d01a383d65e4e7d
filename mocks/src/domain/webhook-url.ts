// Receiver addresses the mock refuses: any scheme but http and https (nothing else can take a
// POST), and the mock itself at any spelling of a local host (a delivery would call its own API).
// Host names that only resolve to the mock through DNS are not looked up. No node:net: the same
// check runs in a browser (the MSW handlers); the WHATWG URL parser has already written every IP
// address in its canonical form (`0x7f.1` is `127.0.0.1`, `[0:0::1]` is `[::1]`).

export const WEBHOOK_URL_GAP = 'receiver addresses refused: only http and https, and never the mock itself';

/** Where the mock is listening, as the request that saves the configuration reached it. */
export interface MockAddress {
  port: number;
  /** Names and addresses the request used for the mock (Host header, socket address). */
  hosts: string[];
}

const IPV4 = /^(\d{1,3})\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** An IPv4-mapped IPv6 address as the URL parser writes it (`::ffff:7f00:1`). */
const MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** 127.0.0.0/8, 0.0.0.0, ::1, :: and the IPv4 ones mapped into IPv6, in canonical form. */
function isLoopbackOrUnspecified(host: string): boolean {
  if (host === '0.0.0.0' || host === '::1' || host === '::') return true;
  const v4 = IPV4.exec(host);
  if (v4) return v4[1] === '127';
  const mapped = MAPPED.exec(host);
  if (!mapped) return false;
  // Both groups are required by MAPPED: they are strings whenever it matched.
  const high = Number.parseInt(mapped[1] as string, 16);
  return high >> 8 === 127 || (high === 0 && Number.parseInt(mapped[2] as string, 16) === 0);
}

/** A host without the brackets of an IPv6 address or a final dot, in lower case. */
function bare(host: string): string {
  const unbracketed = host.startsWith('[') ? host.slice(1, -1) : host;
  return unbracketed.replace(/\.$/, '').toLowerCase();
}

function isLocal(host: string, mock: MockAddress): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (mock.hosts.map(bare).includes(host)) return true;
  return isLoopbackOrUnspecified(host);
}

/** Why a receiver URL is refused, or undefined when it is acceptable. */
export function webhookUrlProblem(raw: string, mock: MockAddress): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `url ${raw} is not an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `url scheme ${url.protocol} cannot receive webhooks; use http or https`;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port === mock.port && isLocal(bare(url.hostname), mock)) return `url ${raw} points at the mock itself`;
  return undefined;
}
