import { defineConfig } from 'vitest/config';
import { NODE_STRIPS_TYPES } from './contract-tests/support/typescript-runner.ts';
import { useCompileCache } from './vitest.compile-cache.ts';
import SlowestFirst from './vitest.slowest-first.ts';

// Before the workers start, so they and every process they start inherit it.
useCompileCache();

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '**/*.e2e.test.ts', 'packages/tests/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine, idle
    // while most suites wait on child processes and servers. Four side by side is the fastest here
    // (Node 24, whole run, quiet machine: 2 workers 92 s, 3 workers 79-80 s, 4 workers 73-79 s,
    // median 74 s, 5 workers 81 s, 6 workers 82 s; CPU time about the same).
    maxWorkers: 4,
    // A worker keeps the modules it imported from one file to the next: the contract, its parsed
    // documents and compiled validators are loaded once per worker instead of once per file
    // (11% less CPU for the whole run, all files passing). No test mocks modules; the spies and
    // environment stubs restore themselves after each test.
    isolate: false,
    reporters: ['default', './vitest.slowest-files.ts'],
    sequence: { sequencer: SlowestFirst },
    // Node's own import and type stripping instead of Vite's transform (the sources use only erasable
    // TypeScript, `erasableSyntaxOnly` in tsconfig.json). No test uses vi.mock or import.meta.vitest,
    // so no loader either: on Node 22.18+ a vi.mock would not be hoisted and would mock nothing.
    // Node 20 cannot strip types and keeps Vite's runner. Vite's transform (about 10 s per whole run)
    // goes; in alternate whole runs on Node 24 the gain in wall and CPU time was within this shared
    // machine's noise (1-4% less CPU in one set of three pairs, the reverse in a later pair).
    experimental: { viteModuleRunner: !NODE_STRIPS_TYPES, nodeLoader: false },
  },
});
