import { defineConfig } from 'vitest/config';
import { NODE_STRIPS_TYPES } from './contract-tests/support/typescript-runner.ts';
import { useCompileCache } from './vitest.compile-cache.ts';
import SlowestFirst from './vitest.slowest-first.ts';

// Before the workers start, so they and every process they start inherit it.
useCompileCache();

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // The MSW sameness check runs with the other MSW tests (vitest.msw.config.ts).
    // StrykerJS's sandboxes (.stryker-tmp/) are copies of the tree: their tests are not this tree's.
    exclude: [
      'node_modules/**',
      'dist/**',
      '.stryker-tmp/**',
      '**/*.e2e.test.ts',
      'packages/tests/**',
      'mocks/test/msw/conformance-sameness.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // More workers than cores: most suites wait on child processes and servers
    // (docs/decisions/2026-11-unit-run.md).
    maxWorkers: 4,
    // A worker keeps the modules it imported from one file to the next: the contract, its parsed
    // documents and compiled validators load once per worker. No test mocks modules; the spies and
    // environment stubs restore themselves after each test.
    isolate: false,
    reporters: ['default', './vitest.slowest-files.ts'],
    sequence: { sequencer: SlowestFirst },
    // Node's own import and type stripping instead of Vite's transform (the sources use only erasable
    // TypeScript, `erasableSyntaxOnly` in tsconfig.json). No test uses vi.mock or import.meta.vitest,
    // so no loader either: on Node 22.18+ a vi.mock would not be hoisted and would mock nothing.
    experimental: { viteModuleRunner: !NODE_STRIPS_TYPES, nodeLoader: false },
  },
});
