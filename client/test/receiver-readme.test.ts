// The receiver example of client/README.md, run as written (the package name mapped to the
// repository's entry) on Node in a process of its own, and checked by `portfolio-conformance receiver`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runReceiverCheck } from '../../conformance/src/receiver/run-receiver-check.ts';
import { freePort } from '../../contract-tests/support/free-port.ts';
import { readmeText, tsBlocks } from './support/readme-examples.ts';

const ENTRY = fileURLToPath(new URL('../src/receiver.ts', import.meta.url));
const PACKAGE = "'@portfolio-integration/client/receiver'";

let child: ChildProcess | undefined;
let dir: string | undefined;
afterAll(async () => {
  child?.kill();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Starts the example; resolves with its output so far once it says it is listening. */
async function startExample(code: string, port: number): Promise<{ output: () => string }> {
  dir = await mkdtemp(join(tmpdir(), 'receiver-readme-'));
  const file = join(dir, 'receiver.ts');
  await writeFile(file, code.replace(PACKAGE, JSON.stringify(ENTRY)));
  let output = '';
  child = spawn(process.execPath, [file], { env: { ...process.env, PORT: String(port) }, stdio: 'pipe' });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start: ${output}`)), 20_000);
    child?.once('exit', (code) => reject(new Error(`the example exited with ${code}: ${output}`)));
    child?.stdout?.on('data', () => {
      if (output.includes('Receiving webhooks on')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return { output: () => output };
}

describe('client/README.md receiver example', () => {
  it('runs as written and passes every rule of portfolio-conformance receiver, without a warning', async () => {
    const example = tsBlocks(readmeText()).find((block) => block.includes(PACKAGE));
    expect(example, 'the README has a receiver example importing the /receiver entry').toBeDefined();
    const port = await freePort();
    const running = await startExample(example!, port);
    const report = await runReceiverCheck({ url: `http://127.0.0.1:${port}/`, thresholdMs: 5_000 });
    expect(report.results.filter((r) => r.status !== 'passed').map((r) => [r.id, r.violations])).toEqual([]);
    expect(report.summary.passed).toBe(9);
    // The handlers' lines reach this process through a pipe, a moment after the check has its answers.
    await vi.waitFor(() => expect(running.output().match(/analysis .* is ready/g)?.length).toBeGreaterThanOrEqual(3), {
      timeout: 5_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const output = running.output();
    expect(output).toMatch(/analysis [0-9a-f-]{36} of Helio Grid is ready/);
    expect(output).toMatch(/Helio Grid: \w+ -> \w+ \(\w+\)/);
    expect(output).toContain('fund run completed: {}');
    // The repeat of the check was handled once: analysisCompleted is logged once per distinct body (1 + 1 repeat pair + 1 unknown fields).
    expect(output.match(/analysis .* is ready/g)).toHaveLength(3);
  }, 30_000);
});
