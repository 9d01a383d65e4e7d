// The ready receiver's Fetch handler served by Deno itself (Deno.serve), not by Node's Request and
// Response: the `/receiver` entry bundled for a runtime without Node modules (with the main entry and
// dependencies in one file, which a Deno consumer would get from npm:), a Deno server of a few
// lines, and real deliveries over HTTP from this process. In the e2e run: Deno is installed from the
// npm registry into a cache on first use (client/test/support/deno-binary.ts), never by `npm ci`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { denoBinary } from './support/deno-binary.ts';
import { exampleValue } from './support/every-operation.ts';

// The contract's own example delivery of analysisCompleted.
const ANALYSIS = exampleValue('AnalysisCompletedEvent') as {
  event: 'analysisCompleted';
  data: Record<string, string>;
};

// The consumer's server: every event it is handed goes to stdout as one JSON line.
const SERVER = `import { createWebhookReceiver, fetchHandler } from './receiver.mjs';
const print = (event) => console.log(JSON.stringify({ received: event.event, projectId: event.data.projectId }));
const receiver = createWebhookReceiver({ on: { analysisCompleted: print, changedStatus: print, fundAnalysisCompleted: print } });
const handle = fetchHandler(receiver, { maxBodyBytes: 2000 });
Deno.serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log(JSON.stringify({ port })) }, (request) => handle(request));
`;

let dir: string;
let deno: ChildProcess | undefined;
let origin: string;
const lines: Record<string, unknown>[] = [];
let output = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'receiver-deno-'));
  const [binary] = await Promise.all([
    denoBinary(),
    build({
      entryPoints: [new URL('../src/receiver.ts', import.meta.url).pathname],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      // As the package build resolves them; the consumer's dependencies are bundled in here.
      mainFields: ['module', 'main'],
      outfile: join(dir, 'receiver.mjs'),
      logLevel: 'silent',
    }),
    writeFile(join(dir, 'server.mjs'), SERVER),
  ]);
  deno = spawn(binary, ['run', '--no-prompt', '--allow-net=127.0.0.1', 'server.mjs'], {
    cwd: dir,
    env: { ...process.env, DENO_DIR: join(dir, 'deno-dir'), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  deno.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
  });
  deno.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await vi.waitFor(
    () => {
      if (deno?.exitCode !== null) throw new Error(`deno exited (${deno?.exitCode}):\n${output}`);
      const port = lines.find((l) => 'port' in l)?.port;
      if (!port) throw new Error(`deno is not listening yet:\n${output}`);
      origin = `http://127.0.0.1:${port}`;
    },
    { timeout: 20_000, interval: 50 },
  );
}, 120_000);

afterAll(async () => {
  if (deno && deno.exitCode === null) {
    const exited = new Promise((resolve) => deno?.once('exit', resolve));
    deno.kill('SIGTERM');
    await exited;
  }
  if (dir) await rm(dir, { recursive: true, force: true });
});

const post = async (body: string) =>
  (await fetch(origin, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status;

describe('the receiver under Deno.serve', () => {
  it('answers 200 and hands the typed event to the callback; 400, 413 and 405 as under Node', async () => {
    expect(await post(JSON.stringify(ANALYSIS))).toBe(200);
    expect(await post('{"event":"changedStatus","data":{}}')).toBe(400);
    expect(await post(JSON.stringify({ ...ANALYSIS, pad: 'x'.repeat(3_000) }))).toBe(413);
    expect((await fetch(origin)).status).toBe(405);
    await vi.waitFor(() =>
      expect(lines.filter((l) => 'received' in l)).toEqual([
        { received: 'analysisCompleted', projectId: ANALYSIS.data.projectId },
      ]),
    );
  });
});
