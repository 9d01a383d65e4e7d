// A fresh consumer project in the OS temp folder, outside the repository: an empty package.json,
// then `npm install` of the tarballs (third-party dependencies from the npm registry, the npm cache
// first). Nothing comes from the repository's node_modules.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from './run-command.ts';

/** The Node types of the TypeScript consumers (the repository's own pin). */
export const CONSUMER_TYPES = ['@types/node@22.20.5'];
/** What a team that uses `portfolio-conformance broker` and `diff` adds: the conformance package's optional peers. */
export const CONFORMANCE_PEERS = ['@pact-foundation/pact-cli@18.1.2', '@redocly/cli@2.77.0'];

/** The mock package's optional peers, as a front-end team installs them for its /msw and /playwright entries. */
export const CONSUMER_PEERS = ['msw@3.0.5', 'playwright-core@1.65.1'];

export interface ScratchProject {
  dir: string;
  installMs: number;
}

/** `signal` stops the install; `onDir` learns the folder as soon as it exists (to remove it after an interruption). */
export interface ScratchOptions {
  signal?: AbortSignal;
  onDir?: (dir: string) => void;
}

export async function scratchProject(
  label: string,
  nodeBinary: string,
  specs: string[],
  { signal, onDir }: ScratchOptions = {},
): Promise<ScratchProject> {
  const dir = await mkdtemp(join(tmpdir(), `portfolio-consumer-${label}-`));
  onDir?.(dir);
  await writeFile(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `consumer-${label}`, private: true, type: 'module' }, null, 2)}\n`,
  );
  const started = performance.now();
  const result = await runCommand(
    nodeBinary,
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs],
    { cwd: dir, timeoutMs: 300_000, signal },
  );
  if (result.code !== 0) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(
      `npm install in ${dir} failed (exit ${result.code}): ${result.stderr.trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  return { dir, installMs: Math.round(performance.now() - started) };
}
