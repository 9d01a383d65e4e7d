// The Node versions the packages are tested on, as binaries from the npm registry
// (`node-<platform>-<arch>@<version>` ships the `node` binary). They are never dependencies of the
// root package: their `node` bin would shadow the system node in every npm script.
import { registryBinary } from '../../../contract-tests/support/registry-binary.ts';

/** Exact versions: the current patch of each line users run. */
export const NODE_VERSIONS = ['22.23.3', '24.21.0', '26.10.0'] as const;
export type NodeVersion = (typeof NODE_VERSIONS)[number];

/** The path of a `node` binary of exactly `version`: this process's own when it is that version, else the cached package's. */
export async function nodeBinary(version: NodeVersion): Promise<string> {
  if (process.version === `v${version}`) return process.execPath;
  return registryBinary({
    label: `Node ${version}`,
    packageName: `node-${process.platform}-${process.arch}`,
    version,
    cache: 'portfolio-node',
    path: 'bin/node',
    isVersion: (printed) => printed.trim() === `v${version}`,
  });
}
