import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../db/client.ts';
import { withDatabase } from '../../test/global-setup.ts';

const BEFORE = '0044_order_numbers';
const name = `test_backfill_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
let client: pg.Client;

/** The migrations folder as it stood before order numbers: every migration up to 0043, and its journal. */
async function foldersBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-before-'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const stop = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  const entries = journal.entries.slice(0, stop);
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag: file } of entries)
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${file}.sql`), path.join(dir, `${file}.sql`));
  return dir;
}

async function placeOrder(userId: string, transactionId: string, createdAt: string) {
  const payment = await client.query(
    `INSERT INTO customer_payments (user_id, email, name, order_name, phone_number, address, subtotal_cents, price_cents, provider, transaction_id, created_at)
     VALUES ($1, 'old@example.com', 'Old Buyer', 'Old Buyer', '+1 555 000 1111', '1 Lane', 100, 100, 'sandbox', $2, $3) RETURNING id`,
    [userId, transactionId, createdAt],
  );
  await client.query(
    `INSERT INTO orders (payment_id, user_id, email, name, created_at) VALUES ($1, $2, 'old@example.com', 'Old Buyer', $3)`,
    [payment.rows[0].id, userId, createdAt],
  );
}

beforeAll(async () => {
  const serverUrl = inject('databaseUrl');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: await foldersBefore(BEFORE) });
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0044', () => {
  it('numbers the orders and invoices made before it in the order they were made, and new ones after them', async () => {
    const user = await client.query(
      `INSERT INTO users (name, email) VALUES ('Old Buyer', 'old@example.com') RETURNING id`,
    );
    const userId = user.rows[0].id;
    await placeOrder(userId, 'pi_later', '2026-03-02T10:00:00Z');
    await placeOrder(userId, 'pi_first', '2026-03-01T10:00:00Z');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });

    const numbered = await client.query(
      `SELECT p.transaction_id, o.order_number::int AS "order", p.invoice_number::int AS invoice
       FROM orders o JOIN customer_payments p ON p.id = o.payment_id ORDER BY o.order_number`,
    );
    expect(numbered.rows).toEqual([
      { transaction_id: 'pi_first', order: 10001, invoice: 10001 },
      { transaction_id: 'pi_later', order: 10002, invoice: 10002 },
    ]);
    await placeOrder(userId, 'pi_new', '2026-03-03T10:00:00Z');
    const latest = await client.query(
      `SELECT o.order_number::int AS "order", p.invoice_number::int AS invoice
       FROM orders o JOIN customer_payments p ON p.id = o.payment_id WHERE p.transaction_id = 'pi_new'`,
    );
    expect(latest.rows).toEqual([{ order: 10003, invoice: 10003 }]);
  });
});
