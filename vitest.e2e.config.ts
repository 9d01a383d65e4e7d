// Tests that need a service or whole processes (`npm run test:e2e`): the documentation site in
// headless Chromium, the mock cluster on a PostgreSQL the test starts (mocks/test/cluster.e2e.test.ts),
// the mock killed and restarted 50 times on its state file (mocks/test/state-file-kill.e2e.test.ts),
// the npm scripts and the third-party generators run as child processes over a copy of the tree
// (contract-tests/contract/tooling.e2e.test.ts, contract-tests/generators/check-generators.e2e.test.ts).
// The main vitest.config.ts excludes these files so `vitest run` needs none of them. The files
// mostly wait on the browser, the database and their children, so three run at once.
import { defineConfig } from 'vitest/config';
import { NODE_STRIPS_TYPES } from './contract-tests/support/typescript-runner.ts';
import SlowestFirst from './vitest.slowest-first.ts';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '.stryker-tmp/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    maxWorkers: 3,
    sequence: { sequencer: SlowestFirst },
    fileParallelism: true,
    // As in vitest.config.ts: a worker keeps the modules it imported from one file to the next, and
    // Node strips the types instead of Vite's transform (most of this run's import time otherwise).
    isolate: false,
    experimental: { viteModuleRunner: !NODE_STRIPS_TYPES, nodeLoader: false },
  },
});
