// Runs once before the package tests: builds and packs the four packages, gets the Node binaries,
// and installs the tarballs into one fresh consumer project per Node version (in parallel), plus
// one project with the consumer tools (tsc, esbuild). Removes every scratch folder afterwards.
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { packPackages, type PackedPackage } from '../../scripts/pack-packages.ts';
import { NODE_VERSIONS, nodeBinary, type NodeVersion } from './support/node-binaries.ts';
import { CONSUMER_TOOLS, CONSUMER_TYPES, scratchProject } from './support/scratch-project.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    packed: PackedPackage[];
    nodes: Record<NodeVersion, { binary: string; project: string; installMs: number }>;
    tools: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dirs: string[] = [];
  const [packed, binaries] = await Promise.all([packPackages(), Promise.all(NODE_VERSIONS.map((version) => nodeBinary(version)))]);
  const tarballs = packed.map((p) => p.tarball);
  try {
    const settled = await Promise.allSettled([
      scratchProject('tools', binaries[0]!, CONSUMER_TOOLS),
      ...NODE_VERSIONS.map((version, i) => scratchProject(`node${version.split('.')[0]}`, binaries[i]!, [...tarballs, ...CONSUMER_TYPES])),
    ]);
    for (const s of settled) if (s.status === 'fulfilled') dirs.push(s.value.dir);
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const [tools, ...projects] = settled.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof scratchProject>>>).value) as [
      Awaited<ReturnType<typeof scratchProject>>,
      ...Awaited<ReturnType<typeof scratchProject>>[],
    ];
    project.provide('packed', packed);
    project.provide('tools', tools.dir);
    project.provide(
      'nodes',
      Object.fromEntries(NODE_VERSIONS.map((version, i) => [version, { binary: binaries[i]!, project: projects[i]!.dir, installMs: projects[i]!.installMs }])) as Record<
        NodeVersion,
        { binary: string; project: string; installMs: number }
      >,
    );
    console.log(
      `packages: ${packed.map((p) => `${p.filename} ${(p.size / 1024).toFixed(1)}/${(p.unpackedSize / 1024).toFixed(1)} KiB`).join(', ')}; ` +
        `install of the four: ${NODE_VERSIONS.map((v, i) => `Node ${v} ${projects[i]!.installMs} ms`).join(', ')}`,
    );
  } catch (error) {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    throw error;
  }
  return async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  };
}
