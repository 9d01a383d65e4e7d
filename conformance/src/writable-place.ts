// Checks, before a command sends anything, that a report can be written where it was asked for: the
// nearest existing folder is walked up to (never `mkdir -p`, which loops on paths such as /proc/x),
// each missing folder is created one level at a time, and a probe file is written and removed.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Throws with a one-line message when files cannot be written into `dir` (created when missing). */
export async function ensureWritableDir(dir: string): Promise<void> {
  const folder = resolve(dir);
  const missing: string[] = [];
  let existing = folder;
  for (;;) {
    try {
      const info = await stat(existing);
      if (!info.isDirectory()) throw new Error(`${existing} is not a folder`);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw oneLine(folder, error);
      const parent = dirname(existing);
      if (parent === existing) throw new Error(`cannot write into ${folder}: no existing folder above it`);
      missing.unshift(existing);
      existing = parent;
    }
  }
  try {
    for (const path of missing) await mkdir(path);
    const probe = join(folder, `.write-probe-${process.pid}`);
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    throw oneLine(folder, error);
  }
}

function oneLine(folder: string, error: unknown): Error {
  const { code, message } = error as NodeJS.ErrnoException;
  return new Error(`cannot write into ${folder}: ${code ?? message}`);
}
