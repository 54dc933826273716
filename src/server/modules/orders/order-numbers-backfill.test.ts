import { describe, expect, it } from 'vitest';
import { setupDatabaseBefore } from '../../test/database-before.ts';

const BEFORE = '0044_order_numbers';
const db = setupDatabaseBefore(BEFORE);

async function placeOrder(userId: string, transactionId: string, createdAt: string) {
  const payment = await db.client.query(
    `INSERT INTO customer_payments (user_id, email, name, order_name, phone_number, address, subtotal_cents, price_cents, provider, transaction_id, created_at)
     VALUES ($1, 'old@example.com', 'Old Buyer', 'Old Buyer', '+1 555 000 1111', '1 Lane', 100, 100, 'sandbox', $2, $3) RETURNING id`,
    [userId, transactionId, createdAt],
  );
  await db.client.query(
    `INSERT INTO orders (payment_id, user_id, email, name, created_at) VALUES ($1, $2, 'old@example.com', 'Old Buyer', $3)`,
    [payment.rows[0].id, userId, createdAt],
  );
}

describe('migration 0044', () => {
  it('numbers the orders and invoices made before it in the order they were made, and new ones after them', async () => {
    const user = await db.client.query(
      `INSERT INTO users (name, email) VALUES ('Old Buyer', 'old@example.com') RETURNING id`,
    );
    const userId = user.rows[0].id;
    await placeOrder(userId, 'pi_later', '2026-03-02T10:00:00Z');
    await placeOrder(userId, 'pi_first', '2026-03-01T10:00:00Z');
    await db.migrateUntil();

    const numbered = await db.client.query(
      `SELECT p.transaction_id, o.order_number::int AS "order", p.invoice_number::int AS invoice
       FROM orders o JOIN customer_payments p ON p.id = o.payment_id ORDER BY o.order_number`,
    );
    expect(numbered.rows).toEqual([
      { transaction_id: 'pi_first', order: 10001, invoice: 10001 },
      { transaction_id: 'pi_later', order: 10002, invoice: 10002 },
    ]);
    await placeOrder(userId, 'pi_new', '2026-03-03T10:00:00Z');
    const latest = await db.client.query(
      `SELECT o.order_number::int AS "order", p.invoice_number::int AS invoice
       FROM orders o JOIN customer_payments p ON p.id = o.payment_id WHERE p.transaction_id = 'pi_new'`,
    );
    expect(latest.rows).toEqual([{ order: 10003, invoice: 10003 }]);
  });
});
