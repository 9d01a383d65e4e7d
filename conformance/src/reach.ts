// Whether a host takes connections at all, asked once before a command hands it to a tool that would
// hang, retry for a minute or crash on a refused connection (the Pact verifier's proxy, the broker
// CLI). A TCP connection is enough, and sends nothing: the target's request log stays as it was.
import { connect } from 'node:net';

/** The exit code of every `portfolio-conformance` command whose target cannot be reached. */
export const UNREACHABLE_EXIT = 3;

/** Undefined when `url`'s host took a connection within `timeoutMs`, else why not, in one line. */
export function unreachableReason(url: string, timeoutMs = 10_000): Promise<string | undefined> {
  const { hostname, port, protocol } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({ host, port: Number(port || (protocol === 'https:' ? 443 : 80)) });
    const done = (reason: string | undefined) => {
      socket.destroy();
      resolve(reason === undefined ? undefined : `cannot reach ${url}: ${reason}`);
    };
    socket.setTimeout(timeoutMs, () => done(`no connection within ${timeoutMs / 1000} s`));
    socket.once('connect', () => done(undefined));
    socket.once('error', (error) => done(networkCause(error)));
  });
}

/** The deepest cause's code and message: `fetch failed` alone says nothing. */
export function networkCause(error: unknown): string {
  let current = error as { cause?: unknown; code?: unknown; message?: unknown } | undefined;
  while (current && typeof current === 'object' && current.cause) current = current.cause as typeof current;
  const code = typeof current?.code === 'string' ? current.code : undefined;
  const message = typeof current?.message === 'string' ? current.message : String(current);
  return code && !message.includes(code) ? `${code} (${message})` : message;
}
