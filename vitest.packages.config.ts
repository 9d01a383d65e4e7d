// The package tests (`npm run test:packages`, part of `npm test`): build and pack the four packages
// once and install them into one consumer project outside the repository (global setup), then prove
// every consumer path on Node 22, 24 and 26. Kept out of vitest.config.ts so `npm run test:unit` stays
// fast; one file per Node version, run side by side.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/tests/**/*.test.ts'],
    globalSetup: ['packages/tests/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: 4,
    fileParallelism: true,
  },
});
