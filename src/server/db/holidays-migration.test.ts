import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { MIGRATIONS_DIR } from './client.ts';

/**
 * Migration 0061 (issue 33, item 2; decision 064) on a database at 0060 holding closures made as one cancellation per
 * window and date: a closure of every window becomes one holiday from its first to its last date with its reason;
 * a closure of one window over a range and a one-date cancellation stay as they were.
 */
const BEFORE = '0061_holidays_and_shop_zip';
const name = `test_holidays_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
let client: pg.Client;

/** The migrations folder as it stood before the migration: every one up to the one before, and its journal. */
async function folderBefore(tag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'farmstall-before-'));
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag),
  );
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag: file } of entries) {
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${file}.sql`), path.join(dir, `${file}.sql`));
  }
  return dir;
}

beforeAll(async () => {
  const serverUrl = inject('databaseUrl');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  client = new pg.Client({ connectionString: withDatabase(serverUrl, name) });
  await client.connect();
  await migrate(drizzle(client), { migrationsFolder: await folderBefore(BEFORE) });
});

afterAll(async () => {
  await client?.end();
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('migration 0061: closures of every window become holidays', () => {
  it('turns each closure of every window into one holiday and keeps the closures of one window', async () => {
    const { rows: people } = await client.query(
      `INSERT INTO users (name, email, role) VALUES ('Vera Vendor', 'vera@example.com', 'vendor') RETURNING id`,
    );
    const shopId = people[0].id as string;
    await client.query(`INSERT INTO shops (vendor_id, name) VALUES ($1, 'Vera''s Farm')`, [shopId]);
    const { rows: points } = await client.query(
      `INSERT INTO pickup_points (shop_id, name, address, position) VALUES ($1, 'Market', '1 Main St', 0) RETURNING id`,
      [shopId],
    );
    // Saturday pickup and Wednesday delivery; a retired Monday window does not count.
    const { rows: windows } = await client.query(
      `INSERT INTO fulfilment_windows (shop_id, kind, pickup_point_id, weekday, start_time, end_time, capacity, position,
         retired_at)
       VALUES ($1, 'pickup', $2, 6, '09:00', '12:00', 5, 0, NULL), ($1, 'delivery', NULL, 3, '16:00', '19:00', 5, 1, NULL),
         ($1, 'delivery', NULL, 1, '16:00', '19:00', 5, 2, now())
       RETURNING id`,
      [shopId, points[0].id],
    );
    const [saturday, wednesday] = windows.map((w) => w.id as string);
    const cancel = (rows: [string, string][], at: string, reason: string | null) =>
      client.query(
        `INSERT INTO window_cancellations (window_id, date, reason, created_at)
         SELECT r.window_id::uuid, r.date::date, $2, $3::timestamptz FROM json_to_recordset($1) AS r(window_id text, date text)`,
        [JSON.stringify(rows.map(([window_id, date]) => ({ window_id, date }))), reason, at],
      );
    // Every window from Wednesday 10 to Saturday 20 March 2027: one holiday.
    await cancel(
      [
        [wednesday, '2027-03-10'],
        [saturday, '2027-03-13'],
        [wednesday, '2027-03-17'],
        [saturday, '2027-03-20'],
      ],
      '2027-03-01T10:00:00.123456Z',
      'Family holiday',
    );
    // Saturdays only, over a range: stays as its rows. And one date on its own.
    await cancel(
      [
        [saturday, '2027-04-03'],
        [saturday, '2027-04-10'],
      ],
      '2027-03-02T10:00:00Z',
      'Market moves',
    );
    await cancel([[wednesday, '2027-05-05']], '2027-03-03T10:00:00Z', null);

    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });

    const { rows: holidays } = await client.query(
      `SELECT shop_id, first_day::text, last_day::text, note, created_at FROM holidays`,
    );
    expect(holidays).toEqual([
      {
        shop_id: shopId,
        first_day: '2027-03-10',
        last_day: '2027-03-20',
        note: 'Family holiday',
        created_at: new Date('2027-03-01T10:00:00.123Z'),
      },
    ]);
    const { rows: left } = await client.query(
      `SELECT window_id, date::text, reason FROM window_cancellations ORDER BY date`,
    );
    expect(left).toEqual([
      { window_id: saturday, date: '2027-04-03', reason: 'Market moves' },
      { window_id: saturday, date: '2027-04-10', reason: 'Market moves' },
      { window_id: wednesday, date: '2027-05-05', reason: null },
    ]);
    const { rows: shops } = await client.query('SELECT postcode FROM shops');
    expect(shops).toEqual([{ postcode: null }]);
  });
});
