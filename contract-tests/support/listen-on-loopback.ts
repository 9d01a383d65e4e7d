// Starts a test's own HTTP server on a free port of 127.0.0.1 and gives its origin and a close.
import type { Server } from 'node:http';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/**
 * `closeConnections` ends the open connections on close as well: needed where clients keep sockets
 * alive (fetch does), or close would wait for them.
 */
export async function listenOnLoopback(server: Server, { closeConnections = false } = {}): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null)
    throw new Error('the server did not start listening on a TCP port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        if (closeConnections) server.closeAllConnections();
      }),
  };
}
