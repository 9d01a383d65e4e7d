// Browser tests only (`npm run test:e2e`): the documentation site in headless Chromium. The main
// vitest.config.ts excludes these files so `vitest run` needs no browser.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
