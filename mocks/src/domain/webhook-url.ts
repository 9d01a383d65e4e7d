// Receiver addresses the mock refuses: any scheme but http and https (nothing else can take a
// POST), and the mock itself at any spelling of a local host (a delivery would call its own API).
// Host names that only resolve to the mock through DNS are not looked up.
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export const WEBHOOK_URL_GAP = 'receiver addresses refused: only http and https, and never the mock itself';

/** Where the mock is listening, as the request that saves the configuration reached it. */
export interface MockAddress {
  port: number;
  /** Names and addresses the request used for the mock (Host header, socket address). */
  hosts: string[];
}

const LOCAL = new BlockList();
LOCAL.addSubnet('127.0.0.0', 8, 'ipv4');
LOCAL.addAddress('0.0.0.0', 'ipv4');
LOCAL.addAddress('::1', 'ipv6');
LOCAL.addAddress('::', 'ipv6');

function bare(host: string): string {
  return host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLocal(host: string, mock: MockAddress): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (mock.hosts.map(bare).includes(host)) return true;
  return (isIPv4(host) && LOCAL.check(host, 'ipv4')) || (isIPv6(host) && LOCAL.check(host, 'ipv6'));
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
