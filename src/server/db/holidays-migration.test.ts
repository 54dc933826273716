import { describe, expect, it } from 'vitest';
import { setupDatabaseBefore } from '../test/database-before.ts';

/**
 * Migration 0061 (issue 33, item 2; decision 064) on a database at 0060 holding closures made as one cancellation per
 * window and date: a closure of every window becomes one holiday from its first to its last date with its reason;
 * a closure of one window over a range and a one-date cancellation stay as they were.
 */
const BEFORE = '0061_holidays_and_shop_zip';
const db = setupDatabaseBefore(BEFORE);

describe('migration 0061: closures of every window become holidays', () => {
  it('turns each closure of every window into one holiday and keeps the closures of one window', async () => {
    const { rows: people } = await db.client.query(
      `INSERT INTO users (name, email, role) VALUES ('Vera Vendor', 'vera@example.com', 'vendor') RETURNING id`,
    );
    const shopId = people[0].id as string;
    await db.client.query(`INSERT INTO shops (vendor_id, name) VALUES ($1, 'Vera''s Farm')`, [shopId]);
    const { rows: points } = await db.client.query(
      `INSERT INTO pickup_points (shop_id, name, address, position) VALUES ($1, 'Market', '1 Main St', 0) RETURNING id`,
      [shopId],
    );
    // Saturday pickup and Wednesday delivery; a retired Monday window does not count.
    const { rows: windows } = await db.client.query(
      `INSERT INTO fulfilment_windows (shop_id, kind, pickup_point_id, weekday, start_time, end_time, capacity, position,
         retired_at)
       VALUES ($1, 'pickup', $2, 6, '09:00', '12:00', 5, 0, NULL), ($1, 'delivery', NULL, 3, '16:00', '19:00', 5, 1, NULL),
         ($1, 'delivery', NULL, 1, '16:00', '19:00', 5, 2, now())
       RETURNING id`,
      [shopId, points[0].id],
    );
    const [saturday, wednesday] = windows.map((w) => w.id as string);
    const cancel = (rows: [string, string][], at: string, reason: string | null) =>
      db.client.query(
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

    await db.migrateUntil();

    const { rows: holidays } = await db.client.query(
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
    const { rows: left } = await db.client.query(
      `SELECT window_id, date::text, reason FROM window_cancellations ORDER BY date`,
    );
    expect(left).toEqual([
      { window_id: saturday, date: '2027-04-03', reason: 'Market moves' },
      { window_id: saturday, date: '2027-04-10', reason: 'Market moves' },
      { window_id: wednesday, date: '2027-05-05', reason: null },
    ]);
    const { rows: shops } = await db.client.query('SELECT postcode FROM shops');
    expect(shops).toEqual([{ postcode: null }]);
  });
});
