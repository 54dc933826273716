import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  becomeVendor,
  call,
  confirm,
  intentOf,
  listProduct,
  payForOne,
  type Shopper,
  signUp,
  verificationTokenOf,
} from '../cluster-tests/shop.ts';
import { postmasterPid, type ServerProcess, stopServer } from '../src/server/test/server-process.ts';
import {
  connect,
  fingerprint,
  ledgerBreaks,
  runCommand,
  type StoreSettings,
  startStore,
  unsettledCharges,
} from './store.ts';

/**
 * `npm run test:recovery`: the drills of README "Back up and restore" on a real server process with its embedded
 * PostgreSQL, pgBackRest and an encrypted repository in a BACKUP_DIR outside DATA_DIR: a backup while the shop serves,
 * point-in-time recovery to just before an accidental TRUNCATE, and a restore of the latest moment onto a new disk
 * after the machine died. Everything a person sees is asked over HTTP; the database is read to compare it row by row.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

let root: string;
let settings: StoreSettings;
let server: ServerProcess;
let base: string;
let shopper: Shopper;
let vendor: Shopper;
let productId: string;
const figures: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-recovery-'));
  await fs.chmod(root, 0o755);
  settings = { dataDir: path.join(root, 'data'), backupDir: path.join(root, 'other-disk', 'backups') };
  server = await startStore(settings);
  base = `http://127.0.0.1:${server.port}`;
  const farmer = await signUp(base, 'Drill Farm');
  const client = await connect(settings.dataDir);
  const query = async <T>(text: string, values: unknown[] = []) => (await client.query(text, values)).rows as T[];
  const linkToken = await verificationTokenOf(query, farmer.email).finally(() => client.end());
  vendor = await becomeVendor(base, farmer, linkToken);
  shopper = await signUp(base, 'Drill Shopper');
  productId = await listProduct(base, vendor, { name: 'Drill Carrots', stock: 50, category: 'vegetable' });
}, 180_000);

afterAll(async () => {
  if (server) await stopServer(server);
  console.log(`Recovery drills:\n  ${figures.join('\n  ')}`);
  await fs.rm(root, { recursive: true, force: true });
});

/** One order of one unit, paid with the sandbox card and confirmed; its order id. */
async function placeOrder(): Promise<string> {
  const [, started, paid] = await payForOne(base, shopper, productId);
  expect(paid?.status, JSON.stringify(paid?.body)).toBe(200);
  const made = await confirm(base, shopper, intentOf(started));
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body as { orderId: string }).orderId;
}

/** The shopper's order history as the history page asks it. */
async function historyCount(token = shopper.token): Promise<number> {
  const answer = await call(base, 'GET', `/customerPayments/${shopper.email}`, { token });
  expect(answer.status).toBe(200);
  const body = answer.body as { items?: unknown[] } | unknown[];
  return Array.isArray(body) ? body.length : (body.items?.length ?? 0);
}

/** Fingerprint, ledger and unsettled charges of the running store. */
async function inspect() {
  const client = await connect(settings.dataDir);
  try {
    return {
      prints: await fingerprint(client),
      ledger: await ledgerBreaks(client),
      unsettled: await unsettledCharges(client),
    };
  } finally {
    await client.end();
  }
}

/** `npm run restore` with these options (it must succeed), then the server started again on the restored store. */
async function restoreAndStart(args: string[]) {
  const restore = await runCommand('restore', args, settings);
  expect(restore.code, restore.output).toBe(0);
  server = await startStore(settings);
  base = `http://127.0.0.1:${server.port}`;
  return restore;
}

/** Every kept row as it was, the ledger balanced, no paid charge left unsettled. */
async function expectAsBefore(before: Awaited<ReturnType<typeof inspect>>) {
  const after = await inspect();
  expect(after.prints).toEqual(before.prints);
  expect(after.ledger.broken).toEqual([]);
  expect(after.unsettled).toBe(0);
}

describe('backups of the embedded store', () => {
  it('are taken while the shop serves: every request during the backup answers', async () => {
    let reading = true;
    const answers: number[] = [];
    const reads = (async () => {
      while (reading) {
        answers.push((await call(base, 'GET', `/singleProduct/${productId}`)).status);
        answers.push((await call(base, 'GET', '/health')).status);
      }
    })();
    const backup = await runCommand('backup', ['--type', 'full'], settings);
    reading = false;
    await reads;
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup \S+F \(full\) taken .*\(encrypted\); \d+ new pictures copied/);
    expect(answers.length).toBeGreaterThan(10);
    expect(answers.filter((status) => status !== 200)).toEqual([]);
    figures.push(`full backup while serving: ${seconds(backup.ms)}, ${answers.length} requests meanwhile, all 200`);
    figures.push(`  ${backup.output.trim().split('\n').at(-2)}`);
  });

  it('bring the store back to the moment before an accidental TRUNCATE orders CASCADE', async () => {
    // After the backup: orders that only the archived WAL holds, one delivered (a transfer), one cancelled (a refund).
    const delivered = await placeOrder();
    const cancelled = await placeOrder();
    await placeOrder();
    for (const status of ['shipped', 'delivered']) {
      const moved = await call(base, 'PATCH', `/vendor/orders/${delivered}`, { body: { status }, token: vendor.token });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const refund = await call(base, 'POST', `/orders/${cancelled}/shops/${vendorId()}/cancellation`, {
      token: shopper.token,
    });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    await sleep(1_000); // the refund and transfer jobs run right after commit
    const atT = await inspect();
    expect(atT.ledger.broken).toEqual([]);
    expect(atT.ledger.checked).toBeGreaterThanOrEqual(2);
    expect(atT.unsettled).toBe(0);
    expect(await historyCount()).toBe(3);
    await sleep(1_100);
    const moment = new Date().toISOString();
    await sleep(1_100);

    const client = await connect(settings.dataDir);
    await client.query('TRUNCATE orders CASCADE');
    await client.end();
    expect(await historyCount()).toBe(0);

    await stopServer(server);
    const restore = await restoreAndStart(['--to', moment]);
    expect(restore.output).toMatch(/kept in .*pg-before-restore-/);
    await expectAsBefore(atT);
    // The shopper's session of before the accident still holds (the signing key came back) and sees every order.
    expect(await historyCount()).toBe(3);
    figures.push(`point-in-time restore (${restore.output.match(/Restored .*?: [^;]*/)?.[0]}): ${seconds(restore.ms)}`);
  });

  it('bring the latest archived moment back onto a new disk after the machine died (kill -9, DATA_DIR lost)', async () => {
    await placeOrder();
    // What the archive holds: WAL is pushed at least every WAL_ARCHIVE_TIMEOUT (2 s here, 60 s by default).
    const client = await connect(settings.dataDir);
    const { rows } = await client.query('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment');
    const deadline = Date.now() + 30_000;
    for (;;) {
      const archiver = (await client.query('SELECT * FROM pg_stat_archiver')).rows[0];
      const archived = archiver.last_archived_wal;
      if (archived && archived.slice(8) >= rows[0].segment.slice(8)) break;
      if (Date.now() > deadline)
        throw new Error(
          `WAL ${rows[0].segment} was not archived within 30 s: ${JSON.stringify(archiver)}\n${server.output()}\n${server.errors()}`,
        );
      await sleep(200);
    }
    await client.end();
    const before = await inspect();
    const picture = await firstPicture();

    // The machine dies: the server and its PostgreSQL are killed, and the disk with DATA_DIR is gone.
    const postgres = postmasterPid(settings.dataDir);
    server.child.kill('SIGKILL');
    await server.exited;
    process.kill(postgres, 'SIGKILL');
    await sleep(500);
    await fs.rm(settings.dataDir, { recursive: true, force: true });

    const restore = await restoreAndStart(['--latest']);
    expect(restore.output).toMatch(/[1-9]\d* pictures brought back/);
    await expectAsBefore(before);
    expect(await historyCount()).toBe(4);
    const image = await fetch(`${base}${picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    figures.push(`restore --latest onto an empty DATA_DIR: ${seconds(restore.ms)}`);
  });
});

/** The vendor's id, from the token's subject. */
function vendorId(): string {
  return JSON.parse(Buffer.from(vendor.token.split('.')[1], 'base64url').toString()).sub;
}

/** A demo product's picture path (/uploads/…), as the listing shows it. */
async function firstPicture(): Promise<string> {
  const answer = await call(base, 'GET', '/products?limit=20');
  const image = (answer.body as { items: { productImage: string }[] }).items
    .map((item) => item.productImage)
    .find((file) => !file.includes('11111111-1111')); // the drill's own product names a picture never uploaded
  expect(image).toMatch(/^\/uploads\//);
  return image as string;
}
