// `npm run pack`: builds the four packages and writes one tarball each into dist/packages/ (what a
// release would publish; nothing is published from here). Prints each tarball's sizes.
import { execFile } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildPackages, PACKAGE_NAMES, type PackageName } from './build-packages.ts';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PACK_DIR = join(ROOT, 'dist/packages');

export interface PackedPackage {
  name: string;
  filename: string;
  /** Absolute path of the tarball. */
  tarball: string;
  size: number;
  unpackedSize: number;
  files: string[];
}

/** Builds and packs every package (or `names`); resolves with what npm reports per tarball. */
export async function packPackages(names: readonly PackageName[] = PACKAGE_NAMES): Promise<PackedPackage[]> {
  await buildPackages(names);
  await rm(PACK_DIR, { recursive: true, force: true });
  await mkdir(PACK_DIR, { recursive: true });
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--pack-destination', PACK_DIR, ...names.map((name) => `./packages/${name}`)],
    {
      cwd: ROOT,
      maxBuffer: 1 << 24,
    },
  );
  const packed = JSON.parse(stdout) as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  return packed.map((p) => ({
    name: p.name,
    filename: p.filename,
    tarball: join(PACK_DIR, p.filename),
    size: p.size,
    unpackedSize: p.unpackedSize,
    files: p.files.map((f) => f.path),
  }));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const p of await packPackages())
      console.log(`${p.filename}: ${kib(p.size)} packed, ${kib(p.unpackedSize)} unpacked, ${p.files.length} files`);
  } catch (error) {
    console.error(`pack: ${(error as Error).message.split('\n')[0]}`);
    process.exitCode = 1;
  }
}
