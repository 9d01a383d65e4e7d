// The consumer project every package test uses: the four packages built and packed, the Node
// binaries, the tarballs installed into one fresh project in the OS temp folder, the consumer files
// and one tsconfig.<mode>.json per TypeScript setting; beside it, the conformance package installed
// alone (no optional peer) for tarballs.test.ts. Made by the package tests' global setup, or
// beforehand by `npm test` (scripts/test-run.ts) while the earlier stages run, and then adopted.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packPackages, type PackedPackage } from '../../../scripts/pack-packages.ts';
import { TS_CONSUMERS, tsConfigOf } from './consumer-configs.ts';
import { NODE_VERSIONS, nodeBinary, type NodeVersion } from './node-binaries.ts';
import {
  CONFORMANCE_PEERS,
  CONSUMER_PEERS,
  CONSUMER_TYPES,
  type ScratchOptions,
  scratchProject,
} from './scratch-project.ts';

const CONSUMER_FILES = fileURLToPath(new URL('../consumer/', import.meta.url));

/** Where `npm test` says a prepared consumer project is described (a JSON file of ConsumerProject). */
export const PREPARED_CONSUMER_ENV = 'PORTFOLIO_PREPARED_CONSUMER';

export interface ConsumerProject {
  packed: PackedPackage[];
  /** The `node` binary of each version. */
  nodes: Record<NodeVersion, string>;
  /** The consumer project: the four tarballs installed, the consumer files, tsconfig.<mode>.json. */
  project: string;
  installMs: number;
  /** Another project: the conformance tarball alone installed, on Node 24 (no optional peer). */
  alone: string;
}

/** Packs, installs and fills a fresh consumer project and the one of the conformance package alone; removes both when a step fails. */
export async function prepareConsumer(options: ScratchOptions = {}): Promise<ConsumerProject> {
  const [packed, binaries] = await Promise.all([
    packPackages(),
    Promise.all(NODE_VERSIONS.map((version) => nodeBinary(version))),
  ]);
  const conformance = packed.find((p) => p.name === '@portfolio-integration/conformance')!.tarball;
  // The two installs side by side: each mostly waits on the npm cache and the disk.
  const [installed, alone] = await Promise.allSettled([
    scratchProject(
      'consumer',
      binaries[0]!,
      [...packed.map((p) => p.tarball), ...CONSUMER_TYPES, ...CONSUMER_PEERS, ...CONFORMANCE_PEERS],
      options,
    ),
    scratchProject('conformance-alone', binaries[1]!, [conformance], options),
  ]);
  const made = [installed, alone].flatMap((r) => (r.status === 'fulfilled' ? [r.value.dir] : []));
  const removeBoth = () => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true })));
  if (installed.status === 'rejected' || alone.status === 'rejected') {
    await removeBoth();
    throw installed.status === 'rejected' ? installed.reason : (alone as PromiseRejectedResult).reason;
  }
  const consumer = installed.value;
  try {
    await cp(CONSUMER_FILES, consumer.dir, { recursive: true });
    for (const mode of Object.keys(TS_CONSUMERS) as (keyof typeof TS_CONSUMERS)[]) {
      await writeFile(join(consumer.dir, `tsconfig.${mode}.json`), JSON.stringify(tsConfigOf(mode), null, 2));
    }
  } catch (error) {
    await removeBoth();
    throw error;
  }
  return {
    packed,
    nodes: Object.fromEntries(NODE_VERSIONS.map((version, i) => [version, binaries[i]!])) as Record<
      NodeVersion,
      string
    >,
    project: consumer.dir,
    installMs: consumer.installMs,
    alone: alone.value.dir,
  };
}

/** The project `npm test` prepared (its description file named by PREPARED_CONSUMER_ENV), else a new one. */
export async function consumerProject(): Promise<ConsumerProject> {
  const described = process.env[PREPARED_CONSUMER_ENV];
  if (!described) return prepareConsumer();
  const text = await readFile(described, 'utf8').catch(() => {
    throw new Error(`${PREPARED_CONSUMER_ENV}=${described}: no prepared consumer project there`);
  });
  return JSON.parse(text) as ConsumerProject;
}
