import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './db/embedded.ts';
import {
  callApi as api,
  waitHealthy as healthy,
  type ServerProcess as Server,
  spawnServer,
  stopServer,
} from './test/server-process.ts';

// Starts the real server (`node src/server/main.ts`) in production mode (issue 34, item 1): slow by nature.
const ADMIN = { email: 'owner@farmstall.test', password: 'Owner#Prod2026' };
/** Every setting a real store needs: the sandbox allowed on purpose, so no card provider is reached. */
const SAFE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.farmstall.test',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
const REFUSES = 'Farmstall refuses to start in production (NODE_ENV=production): ';

let dataDir: string;
let webDir: string;
const running: Server[] = [];

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-production-'));
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-production-web-'));
});
afterAll(async () => {
  await Promise.all(running.map(stopServer));
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(webDir, { recursive: true, force: true });
});

function start(env: Record<string, string | undefined>, port = 0): Server {
  const given = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => !!entry[1]));
  const server = spawnServer({ WEB_DIR: webDir, DATA_DIR: dataDir, ...given }, port);
  running.push(server);
  return server;
}

/** Starts with these settings and expects exit code 1 with exactly one refusal line naming `setting`. */
async function expectRefusal(env: Record<string, string | undefined>, setting: string): Promise<string> {
  const server = start(env);
  const { code } = await server.exited;
  const lines = server
    .errors()
    .split('\n')
    .filter((line) => line.startsWith(REFUSES));
  expect({ code, lines: lines.length }, server.output() + server.errors()).toEqual({ code: 1, lines: 1 });
  expect(lines[0].slice(REFUSES.length).startsWith(`${setting}=`) || lines[0].includes(`${setting}:`)).toBe(true);
  return lines[0];
}

describe('NODE_ENV=production', () => {
  it('refuses the sandbox payments unless ALLOW_SANDBOX_PAYMENTS=true', async () => {
    const line = await expectRefusal({ ...SAFE, ALLOW_SANDBOX_PAYMENTS: undefined }, 'PAYMENT_PROVIDER');
    expect(line).toContain('ALLOW_SANDBOX_PAYMENTS=true');
  });

  it('refuses a PUBLIC_URL that is not https, and the http default', async () => {
    expect(await expectRefusal({ ...SAFE, PUBLIC_URL: 'http://shop.farmstall.test' }, 'PUBLIC_URL')).toContain('https');
    await expectRefusal({ ...SAFE, PUBLIC_URL: undefined }, 'PUBLIC_URL');
  });

  it('refuses a test clock', async () => {
    await expectRefusal({ ...SAFE, TEST_CLOCK_HEADER: 'true' }, 'TEST_CLOCK_HEADER');
  });

  it('refuses to seed the demo: SEED_DEMO unset without an admin, or SEED_DEMO=true', async () => {
    const unset = await expectRefusal({ ...SAFE, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }, 'SEED_DEMO');
    expect(unset).toContain('SEED_DEMO=false');
    await expectRefusal({ ...SAFE, SEED_DEMO: 'true' }, 'SEED_DEMO');
  }, 120_000);

  it('starts with safe settings (ADMIN_EMAIL set, SEED_DEMO unset: no demo), warns once of an untrusted proxy, and refuses a database holding a demo account', async () => {
    const port = await freePort();
    const server = start(SAFE, port);
    await healthy(server);
    expect(server.output()).toContain(`Admin ${ADMIN.email} created.`);
    expect(server.output()).not.toContain('Seeding the demo catalog');
    const products = (await (await api(server, '/products?limit=5')).json()) as { items: unknown[] };
    expect(products.items).toEqual([]);
    expect((await api(server, '/jwt', { method: 'POST', body: ADMIN })).status).toBe(200);
    const demoAdmin = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
    expect((await api(server, '/jwt', { method: 'POST', body: demoAdmin })).status).toBe(401);

    // Behind a proxy with TRUST_PROXY off: one warning, however many requests.
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(response.status).toBe(200);
    }
    // The log reaches the captured output a moment after the answers: wait for the warning, then count.
    const warnings = () =>
      (server.output() + server.errors()).split('\n').filter((line) => line.includes('TRUST_PROXY'));
    await expect.poll(() => warnings().length).toBeGreaterThan(0);
    expect(warnings()).toHaveLength(1);

    // A demo shopper's address in the store (its password is public): the next start refuses.
    const body = { name: 'Nora Blake', email: 'nora.blake@mail.example', password: 'Nora#Blake2026' };
    expect((await api(server, '/users', { method: 'POST', body })).status).toBe(201);
    await stopServer(server);
    expect(await expectRefusal(SAFE, 'SEED_DEMO')).toContain('nora.blake@mail.example');
  }, 180_000);
});
