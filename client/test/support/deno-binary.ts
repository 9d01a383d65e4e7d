// Deno for the receiver's runtime test, from the npm registry: `@deno/linux-x64-glibc` ships the
// `deno` binary (42 MB download, 96 MB on disk), installed once into a cache folder outside the
// repository and reused, as the package tests do with Node.
import { registryBinary } from '../../../contract-tests/support/registry-binary.ts';

export const DENO_VERSION = '2.9.6';
const PACKAGE: Record<string, string> = {
  'linux-x64': '@deno/linux-x64-glibc',
  'linux-arm64': '@deno/linux-arm64-glibc',
};

/** The path of a `deno` binary of DENO_VERSION, installed into the cache on first use; a clear error when it cannot be. */
export async function denoBinary(): Promise<string> {
  const packageName = PACKAGE[`${process.platform}-${process.arch}`];
  if (!packageName)
    throw new Error(`No Deno package of the npm registry is known here for ${process.platform}-${process.arch}.`);
  return registryBinary({
    label: `Deno ${DENO_VERSION}`,
    packageName,
    version: DENO_VERSION,
    cache: 'portfolio-deno',
    path: 'deno',
    isVersion: (printed) => printed.startsWith(`deno ${DENO_VERSION} `),
  });
}
