import { defineConfig } from 'vitest/config';
import main from './vitest.config.ts';

/**
 * `npm run test:recovery`: the backup and restore drills (recovery-tests/) on real server processes, pgBackRest and
 * an encrypted repository, one test after another; apart from `vitest run`, whose projects never include them.
 */
export default defineConfig({
  resolve: main.resolve,
  test: {
    include: ['recovery-tests/**/*.test.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
    reporters: ['verbose'],
  },
});
