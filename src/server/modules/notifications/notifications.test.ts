import os from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNDO_SECONDS } from '#contract/fulfilment.ts';
import { receiptAttachments } from '../../jobs/receipt-attachments.ts';
import { setupTestApp } from '../../test/app.ts';
import { createUser, setupUser, type TestUser } from '../../test/users.ts';
import { shopWith } from '../checkout/fulfilment-fixtures.ts';
import { insertProduct, insertReview, moveOrder } from '../orders/order-fixtures.ts';
import { orderInSlot } from '../orders/slot-order-fixtures.ts';
import { slotBookings } from '../slots/tables.ts';
import { headerOf } from './inbox.ts';
import { createMailer, deliverDueNotifications, type Mailer, notify } from './index.ts';
import { type Received, startSmtpServer } from './smtp-fixture.ts';
import { notificationOutbox } from './tables.ts';

const t = setupTestApp();
const admin = setupUser(t, { role: 'admin' });
const PUBLIC_URL = 'http://farmstall.test';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** What the test's SMTP server does with the next message (undefined: accept it). */
let refuseWith: (received: Received) => number | undefined = () => undefined;
let mailer: Mailer;
beforeAll(async () => {
  smtp = await startSmtpServer((received) => refuseWith(received));
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Farmstall <hello@farmstall.test>', dataDir: os.tmpdir() });
});
afterAll(async () => {
  mailer.close();
  await smtp.close();
});

const deliver = (options: { now?: () => Date; with?: Mailer } = {}) =>
  deliverDueNotifications(t.db, { mailer: options.with ?? mailer, publicUrl: PUBLIC_URL, now: options.now });
/** A step's messages wait out the time its shop may undo it (decision 059). */
const afterUndo = () => new Date(Date.now() + (UNDO_SECONDS + 1) * 1000);
const mailTo = (user: { email: string }) => smtp.accepted.filter((m) => m.to.includes(user.email));
const outboxOf = (user: { id: string }) =>
  t.db.select().from(notificationOutbox).where(eq(notificationOutbox.userId, user.id));
const markRead = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: user.auth, payload });
const bell = (user: TestUser, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: user.auth });
/** A quoted-printable body decoded (soft line breaks joined), to read what a mail client shows. */
const decoded = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

describe('the outbox', () => {
  it('gets the receipt and each shop’s order with a paid order, in its transaction; a rolled-back change gets none', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { cents: 1250, units: 2 });

    expect((await outboxOf(buyer)).map((r) => [r.kind, r.channel, r.state]).sort()).toEqual([
      ['order_placed', 'email', 'pending'],
      ['order_placed', 'in_app', 'pending'],
    ]);
    const [forShop] = (await outboxOf(vendor)).filter((r) => r.channel === 'email');
    expect(forShop.payload).toMatchObject({ kind: 'order_received', orderId: payment.orderId, lines: [{ amount: 2 }] });

    const someone = await createUser(t);
    const event = { kind: 'slot_cancelled', orderId: payment.orderId, shopName: 'A', when: 'Sat 28 Nov' } as const;
    await expect(
      t.db.transaction(async (tx) => {
        await notify(tx, [{ userId: someone.id, email: someone.email }], event);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxOf(someone)).toEqual([]);
  });
});

describe('delivery', () => {
  it('e-mails the receipt with HTML and text parts, its lines and totals, a link back and the invoice PDF', async () => {
    const vendor = await shopWith(t);
    const { buyer, product, payment } = await orderInSlot(t, vendor, { cents: 1250, units: 2 });
    await deliver();

    const [receipt] = mailTo(buyer);
    expect(mailTo(buyer)).toHaveLength(1);
    const text = decoded(receipt.raw);
    expect(text).toMatch(new RegExp(`^Subject: Thank you for your order ${payment.orderNumber}$`, 'm'));
    expect(text).toContain(`Your order ${payment.orderNumber} from ${vendor.name}'s Farm is paid: $25.00.`);
    expect(receipt.messageId).toMatch(/^<[0-9a-f-]{36}@farmstall\.test>$/);
    expect(text).toContain('Content-Type: text/plain');
    expect(text).toContain('Content-Type: text/html');
    expect(text).toContain(`${product.name} ×2 kg`); // in its units (decision 053)
    expect(text).toContain('$25.00');
    expect(text).toContain(`${vendor.name}'s Farm`);
    expect(text).toContain(`${PUBLIC_URL}/dashboard/invoice/${payment._id}`);
    expect(text).not.toContain('application/pdf'); // no attachments option in this delivery

    const [shopMail] = mailTo(vendor);
    expect(decoded(shopMail.raw)).toMatch(
      new RegExp(`^Subject: .*'s Farm: new order ${payment.orderNumber} from `, 'm'),
    );
    expect((await outboxOf(buyer)).every((r) => r.state === 'sent' && r.sentAt !== null)).toBe(true);
  });

  it('attaches the invoice PDF to the receipt as the app sends it, and to no other e-mail', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    const attachments = receiptAttachments(t.db, t.config.contact);
    await deliverDueNotifications(t.db, { mailer, publicUrl: PUBLIC_URL, attachments });
    const [receipt] = mailTo(buyer);
    expect(receipt.raw).toMatch(
      new RegExp(`Content-Type: application/pdf;\\s+name=farmstall-invoice-${payment.invoiceNumber}\\.pdf`),
    );
    const pdf = receipt.raw.split(/Content-Disposition: attachment;[\s\S]*?\r?\n\r?\n/)[1].split(/\r?\n--/)[0];
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(mailTo(vendor)[0].raw).not.toContain('application/pdf');
  });

  it('retries an e-mail the server refuses for now (451) after a backoff, then sends it once', async () => {
    const vendor = await shopWith(t);
    const { buyer } = await orderInSlot(t, vendor);
    refuseWith = (received) => (received.to.includes(buyer.email) ? 451 : undefined);
    await deliver();
    refuseWith = () => undefined;

    const [email] = (await outboxOf(buyer)).filter((r) => r.channel === 'email');
    expect(email).toMatchObject({ state: 'pending', attempts: 1, lastError: expect.stringContaining('451') });
    const wait = email.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    await deliver(); // not due yet
    expect(mailTo(buyer)).toHaveLength(0);

    await deliver({ now: () => new Date(email.nextAttemptAt.getTime() + 1) });
    expect(mailTo(buyer)).toHaveLength(1);
    expect((await outboxOf(buyer)).find((r) => r.channel === 'email')).toMatchObject({ state: 'sent', attempts: 2 });
  });

  it('leaves an e-mail the server refuses for good (550) failed, shown in the admin’s outbox', async () => {
    const vendor = await shopWith(t);
    const { buyer } = await orderInSlot(t, vendor);
    refuseWith = (received) => (received.to.includes(buyer.email) ? 550 : undefined);
    await deliver();
    refuseWith = () => undefined;

    const outbox = await t.app.inject({ method: 'GET', url: '/api/outbox?limit=100', headers: admin.auth });
    expect(outbox.statusCode).toBe(200);
    const row = outbox
      .json()
      .items.find((r: { recipient: string; channel: string }) => r.recipient === buyer.email && r.channel === 'email');
    expect(row).toMatchObject({ kind: 'order_placed', state: 'failed', attempts: 1, sentAt: null });
  });

  it('sends each e-mail once when two workers deliver at the same time', async () => {
    const vendor = await shopWith(t);
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push((await orderInSlot(t, vendor)).buyer);
    const other = createMailer({ smtpUrl: smtp.url, from: 'Farmstall <hello@farmstall.test>', dataDir: os.tmpdir() });
    const results = await Promise.all([deliver(), deliver({ with: other })]);
    other.close();

    expect(results.every((r) => r.sent > 0)).toBe(true); // both took part
    for (const buyer of buyers) expect(mailTo(buyer)).toHaveLength(1);
    expect(mailTo(vendor)).toHaveLength(3);
    const ids = smtp.accepted.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('writes e-mails as .eml files without an SMTP server, listed and downloadable for admins only', async () => {
    const files = createMailer({
      smtpUrl: undefined,
      from: 'Farmstall <hello@farmstall.test>',
      dataDir: t.config.dataDir,
    });
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    await deliver({ with: files });
    const [email] = (await outboxOf(buyer)).filter((r) => r.channel === 'email');
    const name = `${email.id}.eml`;

    const outbox = await t.app.inject({ method: 'GET', url: '/api/outbox', headers: admin.auth });
    expect(outbox.json().mailFiles).toContainEqual({
      name,
      subject: `Thank you for your order ${payment.orderNumber}`,
      to: buyer.email,
      size: expect.any(Number),
    });
    const url = `/api/outbox/mail/${name}`;
    const download = await t.app.inject({ method: 'GET', url, headers: admin.auth });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('message/rfc822');
    expect(headerOf(download.body, 'Subject')).toBe(`Thank you for your order ${payment.orderNumber}`);
    expect((await t.app.inject({ method: 'GET', url, headers: buyer.auth })).statusCode).toBe(403);
    const missing = `/api/outbox/mail/${crypto.randomUUID()}.eml`;
    expect((await t.app.inject({ method: 'GET', url: missing, headers: admin.auth })).statusCode).toBe(404);
    const sneaky = '/api/outbox/mail/..%2Fpg-password';
    expect((await t.app.inject({ method: 'GET', url: sneaky, headers: admin.auth })).statusCode).toBe(400);
  });
});

describe('in-app notifications', () => {
  it('the bell lists the caller’s own, newest first, with the unread count; marking read changes only theirs', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    expect((await moveOrder(t, vendor, payment.orderId, 'ready')).statusCode).toBe(200);
    await deliver({ now: afterUndo });

    const page = await bell(buyer);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, unread: 2 });
    const [ready, receipt] = page.json().items;
    expect(ready).toMatchObject({
      kind: 'step_changed',
      title: `${vendor.name}'s Farm: Ready for pickup`,
      body: `Your order ${payment.orderNumber} from ${vendor.name}'s Farm is now: Ready for pickup. Collect it at Saturday market, SW Park Ave & SW Montgomery St, Portland, Sat 5 Dec, 09:00–12:00 PST. Bring your order number, ${payment.orderNumber}, when you collect. Its price: $30.00.`,
      link: `/dashboard/invoice/${payment._id}`,
      read: false,
    });
    expect(receipt).toMatchObject({ kind: 'order_placed', title: `Thank you for your order ${payment.orderNumber}` });
    expect(decoded(mailTo(buyer)[1].raw)).toMatch(/^Subject: .*'s Farm: Ready for pickup$/m);

    // Another user's ids change nothing.
    const other = await createUser(t);
    const foreign = await markRead(other, { ids: [ready._id] });
    expect(foreign.json()).toEqual({ modifiedCount: 0, unread: 0 });
    expect((await markRead(buyer, { ids: [ready._id] })).json()).toEqual({ modifiedCount: 1, unread: 1 });
    const all = await markRead(buyer, { all: true });
    expect(all.json()).toEqual({ modifiedCount: 1, unread: 0 });
    expect((await bell(buyer, '?limit=1')).json()).toMatchObject({
      total: 2,
      unread: 0,
      pages: 2,
      items: [{ read: true }],
    });
  });

  it('answers 401 without a sign-in and 400 for a body that names nothing', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    const user = await createUser(t);
    const bad = await markRead(user, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION');
    const outbox = await t.app.inject({ method: 'GET', url: '/api/outbox', headers: user.auth });
    expect(outbox.statusCode).toBe(403);
  });
});

describe('events and preferences', () => {
  it('a cancelled part tells the buyer what is refunded by e-mail, even with every optional e-mail turned off', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { cents: 1800 });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: buyer.auth,
      payload: { order_received: false, step_changed: false, slot_cancelled: false, review_reported: false },
    });
    expect(off.statusCode).toBe(200);
    expect((await moveOrder(t, vendor, payment.orderId, 'cancelled')).statusCode).toBe(200);
    await deliver();

    const cancelled = mailTo(buyer)
      .map((m) => decoded(m.raw))
      .find((raw) => /^Subject: .*cancelled and refunded$/m.test(raw));
    expect(cancelled).toContain('$18.00 is refunded to your card');
    expect(mailTo(buyer)).toHaveLength(2); // the receipt and the cancellation
  });

  it('a shopper who cancels a shop’s part is told what is refunded', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor, { cents: 1200, units: 2 });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${payment.orderId}/shops/${vendor.id}/cancellation`,
      headers: buyer.auth,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await deliver();

    const [latest] = (await bell(buyer)).json().items;
    expect(latest).toMatchObject({
      kind: 'part_cancelled',
      title: `${vendor.name}'s Farm: cancelled and refunded`,
      body: `You cancelled your order ${payment.orderNumber} from ${vendor.name}'s Farm. $24.00 is refunded to your card.`,
    });
    expect(mailTo(buyer).map((m) => headerOf(m.raw, 'Subject'))).toContain(latest.title);
  });

  it('a step e-mail the buyer turned off is not sent, but still shows in the bell', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: buyer.auth,
      payload: { step_changed: false },
    });
    expect(set.json()).toEqual({
      order_received: true,
      step_changed: false,
      slot_cancelled: true,
      review_reported: true,
      back_in_stock: true,
      marked_down: true,
      low_stock: true,
      shopper_cancelled: true,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers: buyer.auth })).json(),
    ).toMatchObject({ step_changed: false });
    expect((await moveOrder(t, vendor, payment.orderId, 'ready')).statusCode).toBe(200);
    await deliver({ now: afterUndo });

    expect(mailTo(buyer).map((m) => headerOf(m.raw, 'Subject'))).toEqual([
      `Thank you for your order ${payment.orderNumber}`,
    ]);
    expect((await bell(buyer)).json().items.map((n: { kind: string }) => n.kind)).toEqual([
      'step_changed',
      'order_placed',
    ]);
    const rows = await t.db
      .select()
      .from(notificationOutbox)
      .where(and(eq(notificationOutbox.userId, buyer.id), eq(notificationOutbox.kind, 'step_changed')));
    expect(rows.map((r) => r.channel)).toEqual(['in_app']);
  });
});

describe('other events', () => {
  it('a cancelled slot tells each shopper booked in it', async () => {
    const vendor = await shopWith(t);
    const { buyer, payment } = await orderInSlot(t, vendor);
    const [booking] = await t.db.select().from(slotBookings).where(eq(slotBookings.orderId, payment.orderId));
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${vendor.id}/fulfilment/cancellations`,
      headers: vendor.auth,
      payload: { windowId: booking.windowId, date: booking.date, reason: 'Frost' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    await deliver();

    const [latest] = (await bell(buyer)).json().items;
    expect(latest).toMatchObject({
      kind: 'slot_cancelled',
      title: expect.stringMatching(/'s Farm: \w{3}, \w{3} \d+, \d\d:\d\d–\d\d:\d\d is cancelled$/),
      // The order it was booked for, by the number the shopper reads everywhere else.
      body: expect.stringContaining(`for your order ${payment.orderNumber}.`),
    });
    expect(mailTo(buyer).map((m) => headerOf(m.raw, 'Subject'))).toContain(latest.title);
  });

  it('a reported review tells every admin', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const product = await insertProduct(t, vendor, { name: 'Sour Plums', priceCents: 300 });
    const author = await createUser(t);
    const reviewId = await insertReview(t, product, author, 1, 'Awful plums, and the seller is a crook');
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/comments/${reviewId}/report`,
      headers: vendor.auth,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    await deliver();

    const [latest] = (await bell(admin)).json().items;
    expect(latest).toMatchObject({
      kind: 'review_reported',
      title: 'A review of Sour Plums was reported',
      body: '“Awful plums, and the seller is a crook” was reported for moderation.',
      link: '/dashboard/reportedReviews',
    });
    expect(mailTo(admin).some((m) => m.raw.includes('Subject: A review of Sour Plums was reported'))).toBe(true);
  });
});
