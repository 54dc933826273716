import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * The server's data folder: E2E_DATA_DIR, or a temporary one made here once (the workers, which load this file
 * too, inherit it through the environment) and removed when the run ends, after the server has stopped.
 */
if (!process.env.E2E_DATA_DIR) {
  const made = mkdtempSync(path.join(os.tmpdir(), 'farmstall-e2e-'));
  process.env.E2E_DATA_DIR = made;
  process.on('exit', () => rmSync(made, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

/** The environment without libfaketime's variables. */
function withoutFakedClock(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !/^(LD_PRELOAD|FAKETIME.*)$/u.test(entry[0]),
    ),
  );
}

const MARKETPLACE_SETTINGS = /(tax|membership-plans|paper-size)\.spec\.ts$/;
/** Journeys that change the marketplace's commission, or read it before placing an order that it prices. */
const COMMISSION = /(admin-earnings|payouts|payouts-statement)\.spec\.ts$/;

/** One server (built app, fresh embedded database with the demo catalog) and one Chromium for every journey. */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry, so one hiccup of a busy 2-core CI machine does not throw away a run; the list reporter names every
  // journey that needed it ("flaky"), and a journey that fails twice still fails the run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // A trace of the retry only: recording every journey's trace cost a quarter of the run on 2 cores (20 journeys:
    // 123 s recording all, 90 s the retries only), and a journey that fails twice still leaves one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      // Under `npm run test:at` Chromium runs without libfaketime (it crashes under it); e2e/fixtures.ts moves its
      // pages' clock instead.
      ...(process.env.FAKETIME ? { env: withoutFakedClock(process.env) } : {}),
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: [MARKETPLACE_SETTINGS, COMMISSION] },
    // The commission journeys one at a time, beside the others (no other journey reads the rate): two of them each
    // set a rate and put the one before back, which overlapping could leave set.
    { name: 'commission', use: { browserName: 'chromium' }, testMatch: COMMISSION, workers: 1 },
    // Journeys that change a setting of the whole marketplace (the tax) run after all the others, so no other
    // journey's totals change under it.
    {
      name: 'marketplace settings',
      use: { browserName: 'chromium' },
      testMatch: MARKETPLACE_SETTINGS,
      dependencies: ['chromium', 'commission'],
    },
  ],
  webServer: {
    command: 'node src/server/main.ts',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(PORT),
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
      RATE_LIMIT_WRITES_PER_MINUTE: '5000',
      // A journey moves its own requests' clock past a cutoff (x-test-clock) instead of waiting for it.
      TEST_CLOCK_HEADER: 'true',
      // Google sign-in against the local OpenID Connect server that e2e/accounts.spec.ts starts.
      GOOGLE_ISSUER: `http://127.0.0.1:${PORT + 1000}`,
      GOOGLE_CLIENT_ID: 'farmstall-e2e',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
    },
  },
});
