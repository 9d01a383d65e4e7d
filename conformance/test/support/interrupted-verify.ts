// An interrupted `verify`, from the source (mock-session.test.ts) and from the installed bin
// (packages/tests/conformance-bin.test.ts): a run that holds the mock's one session slot while it
// polls a fund run that never ends, stopped by a signal.
import type { ChildProcess } from 'node:child_process';
import { expect, vi } from 'vitest';

/** The mock's seed for it: fund runs that never end keep the run polling. */
export const NEVER_ENDING_RUNS = { processingMs: 600_000 };

/** verify's arguments: the upload rule, then the fund run it polls. */
export const pollingVerifyArgs = (baseUrl: string): string[] => [
  ...['verify', '--base-url', baseUrl, '--api-key', 'mock-api-key', '--allow-writes'],
  ...['--max-credits', '10', '--rule', 'funds.upload-returns-folder', '--rule', 'funds.run-reaches-final-state'],
  ...['--poll-interval', '100', '--poll-timeout', '60000'],
];

/**
 * Once the run polls, the slot is taken (a request in another session answers 503); the signal ends
 * the run with `code`, and the slot is free again (200).
 */
export async function expectSignalFreesSlot(
  run: ChildProcess,
  baseUrl: string,
  signal: 'SIGINT' | 'SIGTERM',
  code: number,
): Promise<void> {
  let out = '';
  run.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  run.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => run.once('exit', (c) => resolve(c)));
  // The upload rule's result is printed: the run holds its session and now polls the fund run.
  await vi.waitFor(() => expect(out).toMatch(/\[1\/2\] .* funds\.upload-returns-folder/), {
    timeout: 20_000,
    interval: 50,
  });
  const newSession = () =>
    fetch(`${baseUrl}/integration/projects`, {
      headers: { authorization: 'mock-api-key', 'x-mock-session': 'after-the-run' },
    });
  expect((await newSession()).status).toBe(503);
  run.kill(signal);
  expect(await exited, out).toBe(code);
  expect((await newSession()).status).toBe(200);
}
