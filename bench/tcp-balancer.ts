// A loopback load balancer for the cluster benchmark: each new TCP connection goes to the next
// backend in turn (what a layer-4 balancer in front of the mock nodes does), bytes piped both ways.
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface Balancer {
  origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:`port` (0: a free port). */
export async function startBalancer(backends: readonly string[], port = 0): Promise<Balancer> {
  let next = 0;
  const open = new Set<Socket>();
  const targets = backends.map((b) => new URL(b));
  const server: Server = createServer((client) => {
    const target = targets[next++ % targets.length]!;
    const upstream = connect(Number(target.port), target.hostname);
    open.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', () => {
      open.delete(client);
      end();
    });
    upstream.on('close', () => {
      open.delete(upstream);
      end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
