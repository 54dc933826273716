import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '#contract': new URL('./src/contract', import.meta.url).pathname,
      '#server': new URL('./src/server', import.meta.url).pathname,
    },
  },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/server/test/global-setup.ts'],
    setupFiles: ['src/server/test/setup-file.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
