import { defineConfig } from 'vitest/config';
import main from './vitest.config.ts';

/**
 * `npm run test:cluster`: the deploy files' rendering (scripts/cluster) and cluster-tests/ against one cluster of
 * real processes, one file at a time, apart from `vitest run` (vitest.config.ts), whose projects never include them.
 */
export default defineConfig({
  resolve: main.resolve,
  test: {
    include: ['cluster-tests/**/*.test.ts', 'scripts/cluster/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    reporters: ['verbose'],
  },
});
