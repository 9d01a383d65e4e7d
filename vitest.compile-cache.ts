// Node's compile cache for the unit run: the test workers and the
// processes they start (the contract's CLIs, Prism, the tsx scripts) load modules from code compiled
// in an earlier run on this checkout. Measured per process, with and without: loading TypeScript
// 0.34 -> 0.10 CPU-s, Spectral 2.0 -> 1.4, Prism 1.3 -> 1.05. A fresh clone only writes it, so CI,
// which runs once per clone, goes without.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPILE_CACHE_DIR = fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url));
/**
 * Node never drops an entry, and modules started under a new name in each run (the bundled mocks
 * of the robustness suites) add about 1 MB a run: the folder is emptied past this size.
 */
export const COMPILE_CACHE_MAX_BYTES = 256 * 2 ** 20;

function bytesIn(dir: string): number {
  let bytes = 0;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return bytes;
}

/** CI as CI services set it; `CI=false` or `CI=0` is a local run. */
const inCi = (env: NodeJS.ProcessEnv) => !!env.CI && env.CI !== 'false' && env.CI !== '0';

/**
 * Sets NODE_COMPILE_CACHE for this process and its children, unless in CI or already set by the
 * caller. A folder that cannot be read or emptied leaves the cache off: it only saves time.
 */
export function useCompileCache(
  env: NodeJS.ProcessEnv = process.env,
  dir = COMPILE_CACHE_DIR,
  maxBytes = COMPILE_CACHE_MAX_BYTES,
): void {
  if (inCi(env) || env.NODE_COMPILE_CACHE !== undefined) return;
  try {
    if (bytesIn(dir) > maxBytes) rmSync(dir, { recursive: true, force: true });
  } catch {
    return;
  }
  env.NODE_COMPILE_CACHE = dir;
}
