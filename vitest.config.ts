import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'dist/**', '**/*.e2e.test.ts', 'packages/tests/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
