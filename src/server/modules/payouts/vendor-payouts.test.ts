import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES } from '#contract/categories.ts';
import { SANDBOX_TEST_BANK } from '#contract/payouts.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, type TestUser } from '../../test/users.ts';
import { addToCart, confirmOrder, createProduct, payCart } from '../checkout/test-fixtures.ts';
import { insertOrder, insertProduct, moveOrder } from '../orders/order-fixtures.ts';
import { transferReversals, transfers } from '../payments/tables.ts';

const t = setupTestApp();

const call = (user: TestUser | null, method: string, url: string, payload?: object) =>
  t.app.inject({ method: method as 'GET', url, headers: user?.auth, payload });
const BANK = { accountHolder: 'Green Valley Farm', ...SANDBOX_TEST_BANK };

async function verify(vendor: TestUser) {
  expect((await call(vendor, 'POST', '/api/payouts/account')).statusCode).toBe(200);
  expect((await call(vendor, 'POST', '/api/payouts/sandbox/onboarding', BANK)).json()).toMatchObject({
    status: 'verified',
  });
}

/** The FS- number of each order placed here, by order id: the statements name orders by it. */
const numberOf = new Map<string, string>();

/** A shopper buys `amount` of a $10 product (named `name`) of the vendor and it is delivered; answers the order id. */
async function deliveredOrder(vendor: TestUser, amount = 2, name?: string) {
  const shopper = await createUser(t);
  await addToCart(t, shopper, (await createProduct(t, vendor, { priceCents: 1000, name })).id, amount);
  const { intent } = await payCart(t, shopper);
  const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
  const orderId = order.orderId as string;
  numberOf.set(orderId, order.orderNumber);
  expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
  expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
  return orderId;
}

const balanceOf = async (vendor: TestUser) => {
  const answer = await call(vendor, 'GET', '/api/payouts/balance');
  expect(answer.statusCode).toBe(200);
  return answer.json();
};

const currentMonth = async (vendor: TestUser) =>
  (await call(vendor, 'GET', '/api/payouts/statements')).json().months[0] as string;

/** The CSV's rows as raw cells, quotes kept (the files this test reads have no line breaks inside cells). */
const csvRows = (body: string) =>
  body
    .trimEnd()
    .split('\r\n')
    .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) => match[1]));

describe('the vendor’s balance', () => {
  it('is owed without a verified account, paid once verified, owed again while held, less a refund after delivery', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    expect(await balanceOf(vendor)).toEqual({
      owed: 0,
      onTheWay: 0,
      paid: 0,
      commission: { thisMonth: 0, total: 0 },
    });

    const first = await deliveredOrder(vendor);
    // $20 of goods at 10%: $18 waits for the account.
    expect(await balanceOf(vendor)).toEqual({
      owed: 18,
      onTheWay: 0,
      paid: 0,
      commission: { thisMonth: 2, total: 2 },
    });

    await verify(vendor);
    expect(await balanceOf(vendor)).toMatchObject({ owed: 0, onTheWay: 0, paid: 18 });

    expect((await call(admin, 'PUT', `/api/admin/payouts/${vendor.id}/hold`, { held: true })).statusCode).toBe(200);
    await deliveredOrder(vendor, 1);
    expect(await balanceOf(vendor)).toMatchObject({ owed: 9, paid: 18, commission: { total: 3 } });

    // $5 back of the first order: the shop gives back $4.50, the marketplace its $0.50 of commission.
    const refund = await call(admin, 'POST', `/api/orders/${first}/shops/${vendor.id}/refunds`, { amount: 5 });
    expect(refund.statusCode).toBe(201);
    expect(await balanceOf(vendor)).toEqual({
      owed: 9,
      onTheWay: 0,
      paid: 13.5,
      commission: { thisMonth: 2.5, total: 2.5 },
    });

    // Another vendor sees nothing of it.
    expect(await balanceOf(await createUser(t, { role: 'vendor' }))).toMatchObject({ owed: 0, paid: 0 });
  });
});

describe('the vendor’s transfers', () => {
  it('lists each transfer with its order, newest first, and only the caller’s', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const older = await deliveredOrder(vendor, 1);
    await verify(vendor);
    const newer = await deliveredOrder(vendor, 3);

    const page = await call(vendor, 'GET', '/api/payouts/transfers');
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      items: [
        expect.objectContaining({
          orderId: newer,
          orderNumber: numberOf.get(newer),
          goods: 30,
          commission: 3,
          amount: 27,
          state: 'paid',
        }),
        expect.objectContaining({ orderId: older, goods: 10, delivery: 0, reversed: 0, amount: 9, state: 'paid' }),
      ],
      nextCursor: null,
    });
    expect(page.json().items[0].orderDate).toMatch(/^\d{4}-\d\d-\d\dT/);

    const other = await createUser(t, { role: 'vendor' });
    expect((await call(other, 'GET', '/api/payouts/transfers')).json()).toEqual({ items: [], nextCursor: null });
  });

  it('pages by keyset: the next page starts after the last row, whatever was delivered meanwhile', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const orderId = await deliveredOrder(vendor, 1);
    const [first] = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
    const shopper = await createUser(t);
    const product = await insertProduct(t, vendor, { name: 'Paged leeks', priceCents: 100 });
    /** A transfer of $1 for a new order of the shop, recorded at `at`. */
    const transferAt = async (at: Date) => {
      const order = await insertOrder(t, shopper, [{ product, amount: 1 }], at);
      await t.db.insert(transfers).values({
        orderId: order.orderId,
        shopId: vendor.id,
        paymentIntentId: first.paymentIntentId,
        goodsCents: 100,
        deliveryCents: 0,
        commissionCents: 10,
        amountCents: 90,
        idempotencyKey: `transfer:${order.orderId}:${vendor.id}`,
        createdAt: at,
      });
      return order.orderId;
    };
    const older: string[] = [];
    for (let minutes = 1; minutes <= 25; minutes++)
      older.push(await transferAt(new Date(Date.now() - minutes * 60_000)));

    const firstPage = (await call(vendor, 'GET', '/api/payouts/transfers')).json();
    expect(firstPage.items[0].orderId).toBe(orderId);
    expect(firstPage.nextCursor).toEqual(expect.any(String));
    // A part delivered between the two pages does not push a row onto the next page twice.
    await transferAt(new Date());
    const seen: string[] = firstPage.items.map((item: { orderId: string }) => item.orderId);
    let cursor: string | null = firstPage.nextCursor;
    while (cursor) {
      const page = (await call(vendor, 'GET', `/api/payouts/transfers?cursor=${cursor}`)).json();
      seen.push(...page.items.map((item: { orderId: string }) => item.orderId));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([orderId, ...older]);
  });

  it('refuses a cursor it did not give', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    for (const cursor of ['not*base64', Buffer.from('yesterday|me').toString('base64url'), 'x'.repeat(300)]) {
      const answer = await call(vendor, 'GET', `/api/payouts/transfers?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.statusCode, cursor).toBe(400);
      expect(answer.json().error.fields.cursor).toBe('This cursor is not one this list gave');
    }
  });
});

describe('monthly statements', () => {
  it('lists every line, refund and transfer, with totals that reconcile to the cent with the ledger', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    const waiting = await deliveredOrder(vendor, 1, '=HYPERLINK("http://evil.example","click"), ok');
    await verify(vendor);
    const refunded = await deliveredOrder(vendor, 3, 'Heirloom tomatoes');
    await call(admin, 'POST', `/api/orders/${refunded}/shops/${vendor.id}/refunds`, { amount: 7.77 });

    const month = await currentMonth(vendor);
    expect(month).toMatch(/^\d{4}-\d\d$/);
    const csv = await call(vendor, 'GET', `/api/payouts/statements/${month}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="farmstall-statement-${month}.csv"`);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual([
      'Date',
      'Type',
      'Order',
      'Product',
      'Quantity',
      'Price paid',
      'Tax rate',
      'Tax (remitted by Farmstall)',
      'Commission rate',
      'Commission',
      'Net to you',
      'Paid to your account',
    ]);
    const sale = (orderId: string) => rows.find((row) => row[1] === 'Sale' && row[2] === numberOf.get(orderId));
    // A product name that is a formula is text in a spreadsheet; its comma and quotes are quoted.
    expect(sale(waiting)?.[3]).toBe(`"'=HYPERLINK(""http://evil.example"",""click""), ok"`);
    expect(sale(waiting)?.slice(4)).toEqual(['1', '10.00', '0%', '0.00', '10%', '1.00', '9.00', '']);
    expect(sale(refunded)?.slice(3)).toEqual([
      'Heirloom tomatoes',
      '3',
      '30.00',
      '0%',
      '0.00',
      '10%',
      '3.00',
      '27.00',
      '',
    ]);
    // $7.77 of $30 at 10%: the marketplace gives back $0.77, the shop $7.00.
    expect(rows.find((row) => row[1] === 'Refund' && row[2] === numberOf.get(refunded))?.slice(5)).toEqual([
      '-7.77',
      '',
      '0.00',
      '',
      '-0.77',
      '-7.00',
      '',
    ]);
    const sent = rows.filter((row) => row[1] === 'Transfer').map((row) => [row[2], row[11]]);
    expect(sent).toEqual(
      expect.arrayContaining([
        [numberOf.get(waiting), '9.00'],
        [numberOf.get(refunded), '27.00'],
      ]),
    );
    expect(rows.find((row) => row[1] === 'Reversal' && row[2] === numberOf.get(refunded))?.[11]).toBe('-7.00');

    // The totals, against the ledger's own rows.
    const [ledger] = await t.db
      .select({
        goods: sql<number>`sum(${transfers.goodsCents} + ${transfers.deliveryCents})::int`,
        commission: sql<number>`sum(${transfers.commissionCents})::int`,
        sent: sql<number>`sum(${transfers.amountCents}) filter (where ${transfers.status} = 'succeeded')::int`,
      })
      .from(transfers)
      .where(eq(transfers.shopId, vendor.id));
    const [back] = await t.db
      .select({
        amount: sql<number>`sum(${transferReversals.amountCents})::int`,
        commission: sql<number>`sum(${transferReversals.commissionCents})::int`,
      })
      .from(transferReversals)
      .innerJoin(transfers, eq(transfers.id, transferReversals.transferId))
      .where(eq(transfers.shopId, vendor.id));
    const total = (label: string) => rows.find((row) => row[0] === `Total: ${label}`)?.at(-1);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(total('Owed at the start of the month (not yet in your account)')).toBe('0.00');
    expect(total('Sales (goods and delivery)')).toBe(dollars(ledger.goods));
    expect(total('Commission')).toBe(dollars(ledger.commission));
    expect(total('Refunds after delivery')).toBe(dollars(back.amount + back.commission));
    expect(total('Commission given back on refunds')).toBe(dollars(back.commission));
    expect(total('Paid to your account (transfers less reversals)')).toBe(dollars(ledger.sent - back.amount));
    expect(total('Owed at the end of the month (not yet in your account)')).toBe('0.00');
    expect(csv.body).toContain('paid to your account + owed at the end: reconciles');

    const pdf = await call(vendor, 'GET', `/api/payouts/statements/${month}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('splits a coupon over the lines as the transfer did: the sale rows add up to the transfer, to the cent', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    const neighbour = await createUser(t, { role: 'vendor' });
    const code = `ODD${Date.now().toString(36).toUpperCase()}`;
    expect((await call(admin, 'POST', '/api/coupons', { code, kind: 'percent', value: 7 })).statusCode).toBe(201);
    const shopper = await createUser(t);
    for (const [owner, priceCents, amount] of [
      [vendor, 333, 1],
      [vendor, 701, 3],
      [vendor, 199, 2],
      [neighbour, 1234, 1],
    ] as const) {
      await addToCart(t, shopper, (await createProduct(t, owner, { priceCents })).id, amount);
    }
    const { intent } = await payCart(t, shopper, { couponCode: code });
    const order = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
    const orderId = order.orderId as string;
    expect((await moveOrder(t, vendor, orderId, 'shipped')).statusCode).toBe(200);
    expect((await moveOrder(t, vendor, orderId, 'delivered')).statusCode).toBe(200);
    const [transfer] = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
    expect(transfer.shopId).toBe(vendor.id);

    const rows = csvRows((await call(vendor, 'GET', `/api/payouts/statements/${await currentMonth(vendor)}/csv`)).body);
    const sales = rows.filter((row) => row[1] === 'Sale' && row[2] === order.orderNumber);
    const cents = (cell: string) => Math.round(Number(cell) * 100);
    expect(sales.reduce((sum, row) => sum + cents(row[5]), 0)).toBe(transfer.goodsCents);
    expect(sales.reduce((sum, row) => sum + cents(row[9]), 0)).toBe(transfer.commissionCents);
    expect(sales.reduce((sum, row) => sum + cents(row[10]), 0)).toBe(transfer.amountCents);
    // 7% off every line alike: no line is paid its full price.
    expect(sales.map((row) => row[5])).not.toEqual(expect.arrayContaining(['3.33']));
    expect(sales).toHaveLength(3);
  });

  it('shows each sale’s tax rate and tax and a refund’s tax given back, outside what the shop earns', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const noTax = Object.fromEntries(CATEGORY_VALUES.map((category) => [category, 0]));
    const setTax = async (rates: Record<string, number>) =>
      expect(
        (await call(admin, 'PUT', '/api/admin/tax', { pricesIncludeTax: false, rates: { ...noTax, ...rates } }))
          .statusCode,
      ).toBe(200);
    await setTax({ vegetable: 8.25 });
    try {
      const vendor = await createUser(t, { role: 'vendor' });
      await verify(vendor);
      const orderId = await deliveredOrder(vendor, 3, 'Taxed kale');
      await call(admin, 'POST', `/api/orders/${orderId}/shops/${vendor.id}/refunds`, { amount: 10 });
      const [transfer] = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
      const [reversal] = await t.db
        .select()
        .from(transferReversals)
        .where(eq(transferReversals.transferId, transfer.id));
      const rows = csvRows(
        (await call(vendor, 'GET', `/api/payouts/statements/${await currentMonth(vendor)}/csv`)).body,
      );
      // $30 of kale at 8.25% added: $2.48 of tax (half up), the marketplace's to remit; 10% commission on the $30.
      expect(transfer).toMatchObject({ goodsCents: 3000, taxCents: 248, amountCents: 2700 });
      const sale = rows.find((row) => row[1] === 'Sale' && row[2] === numberOf.get(orderId));
      expect(sale?.slice(5)).toEqual(['30.00', '8.25%', '2.48', '10%', '3.00', '27.00', '']);
      const dollars = (cents: number) => (cents / 100).toFixed(2);
      const refund = rows.find((row) => row[1] === 'Refund' && row[2] === numberOf.get(orderId));
      expect(refund?.slice(6, 8)).toEqual(['', dollars(-reversal.taxCents)]);
      expect(refund?.slice(9)).toEqual([dollars(-reversal.commissionCents), dollars(-reversal.amountCents), '']);
      expect(rows.some((row) => row[0].includes(': reconciles'))).toBe(true);
    } finally {
      await setTax({});
    }
  });

  it('lists the months with activity; another vendor’s statement holds none of this shop’s orders', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    expect((await call(other, 'GET', '/api/payouts/statements')).json()).toMatchObject({ months: [] });
    const orderId = await deliveredOrder(vendor, 1);
    const month = await currentMonth(vendor);
    const theirs = await call(other, 'GET', `/api/payouts/statements/${month}/csv`);
    expect(theirs.statusCode).toBe(200);
    const number = numberOf.get(orderId) ?? 'none';
    expect(theirs.body).not.toContain(number);
    expect((await call(vendor, 'GET', `/api/payouts/statements/${month}/csv`)).body).toContain(`,${number},`);
  });

  it('refuses a month that is not one, and callers who are not vendors', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    for (const [url, field, message] of [
      ['2026-13/csv', 'month', 'Month must look like 2026-11 (year, then month 01 to 12)'],
      ['november/pdf', 'month', 'Month must look like 2026-11 (year, then month 01 to 12)'],
      ['1999-12/csv', 'month', 'Statements start in the year 2000'],
      ['2026-11/xls', 'format', 'Format must be csv or pdf'],
    ]) {
      const answer = await call(vendor, 'GET', `/api/payouts/statements/${url}`);
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json().error.fields[field], url).toBe(message);
    }
    const shopper = await createUser(t);
    for (const url of ['/api/payouts/balance', '/api/payouts/transfers', '/api/payouts/statements/2026-11/csv']) {
      expect((await call(shopper, 'GET', url)).statusCode).toBe(403);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });
});
