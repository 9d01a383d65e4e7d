// The consumer project every package test uses: the four packages built and packed, the Node
// binaries, the tarballs installed into one fresh project in the OS temp folder, the consumer files
// and one tsconfig.<mode>.json per TypeScript setting. Made by the package tests' global setup, or
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
}

/** Packs, installs and fills a fresh consumer project; removes it again when a step fails. */
export async function prepareConsumer(options: ScratchOptions = {}): Promise<ConsumerProject> {
  const [packed, binaries] = await Promise.all([
    packPackages(),
    Promise.all(NODE_VERSIONS.map((version) => nodeBinary(version))),
  ]);
  const consumer = await scratchProject(
    'consumer',
    binaries[0]!,
    [...packed.map((p) => p.tarball), ...CONSUMER_TYPES, ...CONSUMER_PEERS, ...CONFORMANCE_PEERS],
    options,
  );
  try {
    await cp(CONSUMER_FILES, consumer.dir, { recursive: true });
    for (const mode of Object.keys(TS_CONSUMERS) as (keyof typeof TS_CONSUMERS)[]) {
      await writeFile(join(consumer.dir, `tsconfig.${mode}.json`), JSON.stringify(tsConfigOf(mode), null, 2));
    }
  } catch (error) {
    await rm(consumer.dir, { recursive: true, force: true });
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
