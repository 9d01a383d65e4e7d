// Runs the Pact Foundation's own broker client, the `pact-broker` and `pactflow` binaries shipped in
// @pact-foundation/pact-cli, and captures what it prints. No broker client of our own: every broker
// call in this folder goes through these binaries (or, for verification, the Pact verifier).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type PactCliTool = 'pact-broker' | 'pactflow';

export interface PactCliResult {
  status: number;
  stdout: string;
  stderr: string;
}

export class PactCliMissing extends Error {}

/** The bin script of a tool of @pact-foundation/pact-cli; throws PactCliMissing when the package is not installed. */
function pactCliBin(tool: PactCliTool): string {
  try {
    const manifest = createRequire(import.meta.url).resolve('@pact-foundation/pact-cli/package.json');
    return join(dirname(manifest), 'bin', `${tool}.js`);
  } catch {
    throw new PactCliMissing(
      '@pact-foundation/pact-cli is not installed: the broker commands need it (npm install --save-dev @pact-foundation/pact-cli@18.1.2, about 41 MB of pact-broker and pactflow binaries; verify, pact-verify and diff do not)',
    );
  }
}

/** Runs `tool args` with `env` (the broker's URL and credentials travel in PACT_BROKER_* variables). */
export function runPactCli(
  tool: PactCliTool,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<PactCliResult> {
  const bin = pactCliBin(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ status: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}
