// Mock nodes as child processes on one PostgreSQL (cluster-node-child.ts, bundled once so a start
// costs no TypeScript loading): started, killed (SIGKILL) and drained (SIGTERM) by the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { buildMockBundle, type MockBundle } from '../../../contract-tests/support/mock-bundle.ts';

export interface MockNode {
  id: string;
  origin: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
}

export async function clusterBundle(): Promise<MockBundle> {
  return buildMockBundle(new URL('./cluster-node-child.ts', import.meta.url), {
    inlinePackagesExcept: ['@fastify/static'],
  });
}

export async function startNode(
  bundle: string,
  store: string,
  id: string,
  env: Record<string, string> = {},
): Promise<MockNode> {
  const child = spawn(process.execPath, [bundle], {
    env: { ...process.env, MOCK_STORE: store, NODE_ID: id, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('http://'));
      if (line) resolve(line.trim());
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`mock node ${id} exited (${code}) before listening: ${output}`)));
  });
  return { id, origin, child, exited };
}

export async function stopNode(node: MockNode, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill(signal);
  return node.exited;
}
