// For the tests of the commands (cli.test.ts, gate.test.ts): runs a command's main() with what it
// prints through console.log, console.error and process.stdout.write kept instead of shown.
import { vi } from 'vitest';

export interface CapturedRun {
  code: number;
  /** console.log lines and stdout writes, in order. */
  out: string[];
  /** console.error lines. */
  err: string[];
}

export async function captureOutput(command: () => Promise<number>): Promise<CapturedRun> {
  const out: string[] = [];
  const err: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...a) => void out.push(a.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...a) => void err.push(a.join(' ')));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  try {
    return { code: await command(), out, err };
  } finally {
    log.mockRestore();
    error.mockRestore();
    write.mockRestore();
  }
}
