// Tests that need a service (`npm run test:e2e`): the documentation site in headless Chromium, and
// the mock cluster on a PostgreSQL the test starts (mocks/test/cluster.e2e.test.ts). The main
// vitest.config.ts excludes these files so `vitest run` needs neither.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.e2e.test.ts'],
    exclude: ['node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
