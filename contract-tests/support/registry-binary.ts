// A tool's binary from the npm registry (Node's `node-<platform>-<arch>`, Deno's `@deno/<platform>`),
// installed once into a cache folder outside the repository and reused: never a dependency, so
// `npm ci` stays without it, and a failed install is one clear error naming the package.
import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RegistryBinary {
  /** What the errors call it: `Node 24.21.0`. */
  label: string;
  /** The registry package and its exact version. */
  packageName: string;
  version: string;
  /** The cache folder under ~/.cache (or XDG_CACHE_HOME): `portfolio-node`. */
  cache: string;
  /** The binary inside the installed package: `bin/node`. */
  path: string;
  /** Whether `<binary> --version` printed the version asked for. */
  isVersion(printed: string): boolean;
}

/** The binary's path, installed on first use and checked by its `--version`. */
export async function registryBinary(tool: RegistryBinary): Promise<string> {
  const prefix = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), tool.cache, tool.version);
  const spec = `${tool.packageName}@${tool.version}`;
  const binary = join(prefix, 'node_modules', tool.packageName, tool.path);
  const present = await access(binary).then(
    () => true,
    () => false,
  );
  if (!present) {
    try {
      await run(
        'npm',
        ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--prefer-offline', spec],
        { maxBuffer: 1 << 24 },
      );
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(
        `${tool.label} could not be installed from the npm registry (${spec} into ${prefix}): ${(stderr || message).trim().split('\n').pop()}`,
      );
    }
  }
  const { stdout } = await run(binary, ['--version']);
  if (!tool.isVersion(stdout)) throw new Error(`${binary} is ${stdout.split('\n')[0]?.trim()}, expected ${tool.label}`);
  return binary;
}
