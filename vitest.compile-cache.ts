// Node 22.1+ keeps the code it compiled in NODE_COMPILE_CACHE and reuses it in the next process
// that loads the same file. The test runs start the same programs many times (the mock, Prism,
// tsx, Redocly, Spectral): with the cache, two spawn-heavy files took 15 CPU-s instead of 17.5.
// Set here, before the workers fork, so they and every process they start inherit it; Node 20
// ignores it. Node checks each entry against the file's content, so a stale entry is never used.
import { fileURLToPath } from 'node:url';

process.env.NODE_COMPILE_CACHE ??= fileURLToPath(new URL('./node_modules/.cache/node-compile-cache', import.meta.url));
