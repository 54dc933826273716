import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '#contract': new URL('./src/contract', import.meta.url).pathname,
      '#server': new URL('./src/server', import.meta.url).pathname,
    },
  },
  test: {
    pool: 'forks',
    // Many server tests wait on PostgreSQL and on server processes they start: three files at a time keep both
    // cores busy (298 s for the run with the default, 208 s with 3 on the 2-core CI machine).
    maxWorkers: 3,
    // Each worker imports the app's modules once for all the files it runs, not once a file: importing them was 30%
    // of the run (12 API test files: 61 s and 98 CPU-seconds isolated, 34 s and 57 CPU-seconds not; decision 031).
    // Every file still gets a database of its own, and no test replaces a module (no vi.mock).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/setup-file.ts'],
        },
      },
      {
        // Component tests (Testing Library) in a browser-like document, without the database.
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
