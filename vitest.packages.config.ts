// The package tests (`npm run test:packages`, part of `npm test`): build and pack the four packages
// once and install them into one consumer project outside the repository (global setup), then prove
// every consumer path on Node 22, 24 and 26. Kept out of vitest.config.ts so `npm run test:unit` stays
// fast; one file per Node version, run side by side.
import { defineConfig } from 'vitest/config';
import { NODE_STRIPS_TYPES } from './contract-tests/support/typescript-runner.ts';
import SlowestFirst from './vitest.slowest-first.ts';

export default defineConfig({
  test: {
    include: ['packages/tests/**/*.test.ts'],
    globalSetup: ['packages/tests/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 4,
    sequence: { sequencer: SlowestFirst },
    fileParallelism: true,
    // As in vitest.config.ts: a worker keeps the modules it imported from one file to the next, and
    // Node strips the types instead of Vite's transform (most of this run's import time otherwise).
    isolate: false,
    experimental: { viteModuleRunner: !NODE_STRIPS_TYPES, nodeLoader: false },
  },
});
