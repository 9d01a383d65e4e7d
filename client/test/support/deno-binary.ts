// Deno for the receiver's runtime test, from the npm registry: `@deno/linux-x64-glibc` ships the
// `deno` binary (42 MB download, 96 MB on disk), installed once into a cache folder outside the
// repository and reused, as the package tests do with Node. Never a dependency: `npm ci` stays
// without it.
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const DENO_VERSION = '2.9.6';
const PACKAGE: Record<string, string> = {
  'linux-x64': '@deno/linux-x64-glibc',
  'linux-arm64': '@deno/linux-arm64-glibc',
};

/** The path of a `deno` binary of DENO_VERSION, installed into the cache on first use; a clear error when it cannot be. */
export async function denoBinary(): Promise<string> {
  const name = PACKAGE[`${process.platform}-${process.arch}`];
  if (!name)
    throw new Error(`No Deno package of the npm registry is known here for ${process.platform}-${process.arch}.`);
  const prefix = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'portfolio-deno', DENO_VERSION);
  const binary = join(prefix, 'node_modules', name, 'deno');
  const present = await access(binary).then(
    () => true,
    () => false,
  );
  if (!present) {
    try {
      await run(
        'npm',
        [
          'install',
          '--prefix',
          prefix,
          '--no-save',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          `${name}@${DENO_VERSION}`,
        ],
        { maxBuffer: 1 << 24 },
      );
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(
        `Deno ${DENO_VERSION} could not be installed from the npm registry (${name}@${DENO_VERSION} into ${prefix}): ${(stderr || message).trim().split('\n').pop()}`,
      );
    }
  }
  const { stdout } = await run(binary, ['--version']);
  if (!stdout.startsWith(`deno ${DENO_VERSION} `))
    throw new Error(`${binary} is ${stdout.split('\n')[0]}, expected deno ${DENO_VERSION}`);
  return binary;
}
