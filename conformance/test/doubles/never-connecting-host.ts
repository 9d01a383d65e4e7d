// A target that takes no connection and refuses none: a child process listens with an accept queue
// of one and then blocks its event loop, and two connections fill the queue, so the kernel drops
// every later handshake and the caller's connect hangs, as on a host behind a dropping firewall.
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';

const LISTEN_THEN_BLOCK = `
const server = require('node:net').createServer();
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  process.stdout.write(server.address().port + '\\n');
  setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0), 20);
});`;

export interface NeverConnectingHost {
  url: string;
  close(): void;
}

export async function neverConnectingHost(): Promise<NeverConnectingHost> {
  const child = spawn(process.execPath, ['-e', LISTEN_THEN_BLOCK], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (line: Buffer) => resolve(Number(String(line).trim())));
  });
  await new Promise((resolve) => setTimeout(resolve, 200));
  const fillers: Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect({ port, host: '127.0.0.1' });
    fillers.push(socket);
    await new Promise((resolve) => socket.once('connect', resolve));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const socket of fillers) socket.destroy();
      child.kill('SIGKILL');
    },
  };
}
