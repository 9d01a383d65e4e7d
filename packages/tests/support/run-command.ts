// Runs a command of a consumer project under one Node version: that version's directory first on
// PATH, so `npx`, npm and every `#!/usr/bin/env node` bin run on it.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { dirname } from 'node:path';

export interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function envFor(nodeBinary: string): NodeJS.ProcessEnv {
  // NODE_OPTIONS and npm_config_* of the test runner must not leak into the consumer's processes.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_OPTIONS' && !key.startsWith('npm_') && !key.startsWith('VITEST'),
    ),
  );
  return { ...env, PATH: `${dirname(nodeBinary)}:${process.env.PATH ?? ''}`, NO_COLOR: '1', PACT_DO_NOT_TRACK: 'true' };
}

export function start(nodeBinary: string, command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, { env: envFor(nodeBinary), stdio: ['ignore', 'pipe', 'pipe'], ...options });
}

/** Runs to the end (killed after timeoutMs) and collects the output. */
export function runCommand(
  nodeBinary: string,
  command: string,
  args: string[],
  options: SpawnOptions & { timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = start(nodeBinary, command, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** A mock bin's start-up text once it printed its control API line (the last one); rejects when it exits first. */
export function startUpText(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Control API:')) resolve(output);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
}
