// The Node versions the packages are tested on, as binaries from the npm registry
// (`node-<platform>-<arch>@<version>` ships the `node` binary), installed once into a cache folder
// outside the repository and reused. They are never dependencies of the root package: their `node`
// bin would shadow the system node in every npm script.
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Exact versions: the current patch of each line users run. */
export const NODE_VERSIONS = ['22.23.3', '24.21.0', '26.10.0'] as const;
export type NodeVersion = (typeof NODE_VERSIONS)[number];

const CACHE = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'portfolio-node');

/** The path of a `node` binary of exactly `version`: this process's own when it is that version, else the cached package's. */
export async function nodeBinary(version: NodeVersion): Promise<string> {
  if (process.version === `v${version}`) return process.execPath;
  const name = `node-${process.platform}-${process.arch}`;
  const prefix = join(CACHE, version);
  const binary = join(prefix, 'node_modules', name, 'bin', 'node');
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
          `${name}@${version}`,
        ],
        { maxBuffer: 1 << 24 },
      );
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(
        `Node ${version} could not be installed from the npm registry (${name}@${version} into ${prefix}): ${(stderr || message).trim().split('\n').pop()}`,
      );
    }
  }
  const { stdout } = await run(binary, ['--version']);
  if (stdout.trim() !== `v${version}`) throw new Error(`${binary} is ${stdout.trim()}, expected v${version}`);
  return binary;
}
