import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_CACHE_DIR, useCompileCache } from './vitest.compile-cache.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A cache folder holding `bytes` in one entry, in a subfolder as Node lays it out. */
function cacheWith(bytes: number): string {
  dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  mkdirSync(join(dir, 'v24-x64'));
  writeFileSync(join(dir, 'v24-x64', 'entry'), Buffer.alloc(bytes));
  return dir;
}

describe('useCompileCache', () => {
  it('points NODE_COMPILE_CACHE at the folder in node_modules/.cache', () => {
    const env: NodeJS.ProcessEnv = {};
    useCompileCache(env, cacheWith(10), 100);
    expect(env.NODE_COMPILE_CACHE).toBe(dir);
    expect(COMPILE_CACHE_DIR).toBe(fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url)));
  });

  it('keeps the folder within its size, and empties it past it', () => {
    useCompileCache({}, cacheWith(100), 100);
    expect(existsSync(join(dir, 'v24-x64', 'entry'))).toBe(true);
    useCompileCache({}, dir, 99);
    expect(existsSync(dir)).toBe(false);
  });

  it('starts without a folder', () => {
    const env: NodeJS.ProcessEnv = {};
    dir = join(tmpdir(), `compile-cache-missing-${process.pid}`);
    useCompileCache(env, dir, 100);
    expect(env.NODE_COMPILE_CACHE).toBe(dir);
  });

  it('stays off in CI (not for CI=false), and leaves a folder the caller chose', () => {
    const ci: NodeJS.ProcessEnv = { CI: 'true' };
    useCompileCache(ci, cacheWith(200), 100);
    expect(ci.NODE_COMPILE_CACHE).toBeUndefined();
    expect(existsSync(dir)).toBe(true);
    const local: NodeJS.ProcessEnv = { CI: 'false' };
    useCompileCache(local, dir, 1_000);
    expect(local.NODE_COMPILE_CACHE).toBe(dir);
    const chosen: NodeJS.ProcessEnv = { NODE_COMPILE_CACHE: '/elsewhere' };
    useCompileCache(chosen, dir, 100);
    expect(chosen.NODE_COMPILE_CACHE).toBe('/elsewhere');
    expect(existsSync(dir)).toBe(true);
  });

  it('stays off when the folder cannot be read', () => {
    const env: NodeJS.ProcessEnv = {};
    // A file where the folder should be: reading it fails with ENOTDIR.
    useCompileCache(env, join(cacheWith(10), 'v24-x64', 'entry'), 100);
    expect(env.NODE_COMPILE_CACHE).toBeUndefined();
  });
});
