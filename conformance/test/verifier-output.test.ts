// The bin runs the Pact verifier in a child of its own: its per-interaction blocks (colour codes
// included) go to a log beside --report, and the reader sees the command's own lines only.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { verifierLogOf } from '../src/verifier-output.ts';
import { mockWithSamplePact } from './support/mock-with-sample-pact.ts';

const BIN = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const fixture = mockWithSamplePact('verifier-output-consumer');

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
  // In a folder that does not exist yet: the command makes it, and the log goes beside the report.
  const report = join(fixture.dir, 'reports', 'pact-report.json');
  const run = await bin([
    'pact-verify',
    '--pact',
    fixture.pact,
    '--base-url',
    fixture.mock.baseUrl,
    '--api-key',
    'mock-api-key',
    '--provider-states-setup-url',
    `${fixture.mock.origin}/__mock/provider-states`,
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
  const report = join(fixture.dir, 'usage.json');
  const run = await bin(['pact-verify', '--pact', fixture.pact, '--base-url', 'not a url', '--report', report]);
  expect(run.code).toBe(2);
  expect(run.err).toMatch(/^pact-verify: /);
  await expect(readFile(verifierLogOf(['--report', report])!, 'utf8')).rejects.toThrow(/ENOENT/);
});
