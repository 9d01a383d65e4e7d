// The bin runs the Pact verifier in a child of its own: its per-interaction blocks (colour codes
// included) go to a log beside --report, and the reader sees the command's own lines only.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeSamplePact } from '../../contract-tests/pact/support/sample-pact.ts';
import { startMock, type RunningMock } from '../../mocks/src/server.ts';
import { verifierLogOf } from '../src/verifier-output.ts';

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
let mock: RunningMock;
let dir: string;
let pact: string;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'verifier-output-'));
  pact = await writeSamplePact('verifier-output-consumer', dir);
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

function bin(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

it("prints the command's lines only; the verifier's blocks are in <report>.verifier.log", async () => {
  const report = join(dir, 'pact-report.json');
  const run = await bin([
    'pact-verify',
    '--pact',
    pact,
    '--base-url',
    mock.baseUrl,
    '--api-key',
    'mock-api-key',
    '--provider-states-setup-url',
    `${mock.origin}/__mock/provider-states`,
    '--report',
    report,
  ]);
  expect(run.code, run.out + run.err).toBe(0);
  expect(run.out).toMatch(/: 2 verified, 0 failed, 0 not verifiable/);
  expect(run.out).not.toContain('Verifying a pact between');
  expect(run.out).not.toContain('\u001b[');
  expect(run.out).toContain(`(the Pact verifier's own output: ${report}.verifier.log)`);
  expect(await readFile(`${report}.verifier.log`, 'utf8')).toContain('Verifying a pact between');
}, 60_000);

it('keeps no log when the command stops before the verifier (usage error, exit 2)', async () => {
  const report = join(dir, 'usage.json');
  const run = await bin(['pact-verify', '--pact', pact, '--base-url', 'not a url', '--report', report]);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(/^pact-verify: /);
  await expect(readFile(verifierLogOf(['--report', report])!, 'utf8')).rejects.toThrow(/ENOENT/);
});
