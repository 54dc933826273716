import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: cluster-tests/ against one cluster of real processes (scripts/cluster), one file at a
 * time, apart from `vitest run` (vitest.config.ts), which never includes them.
 */
export default defineConfig({
  resolve: {
    alias: {
      '#contract': new URL('./src/contract', import.meta.url).pathname,
      '#server': new URL('./src/server', import.meta.url).pathname,
    },
  },
  test: {
    include: ['cluster-tests/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['verbose'],
  },
});
