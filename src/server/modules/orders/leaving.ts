import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { ERASED_EMAIL_DOMAIN, ERASED_NAMES } from '#contract/account-data.ts';
import { formatInvoiceNumber, formatOrderNumber } from '#contract/order-numbers.ts';
import type { Tx } from '../../db/client.ts';
import { replaceWords } from '../notifications/index.ts';
import { problemExcerpt } from './problem-reports.ts';
import { customerPayments, orderFulfilments, orderLines, orderNotes, orders, problemReports } from './tables.ts';

/** What stands in for an erased shopper's delivery address on a kept order (the ZIP code too). */
export const ERASED_ADDRESS = '[erased]';

const listed = (numbers: number[]) => numbers.map(formatOrderNumber).join(', ');

/**
 * Why an account cannot leave yet, as far as orders go: a vendor's shop with order lines still to fulfil. (A
 * shopper's open orders do not keep the account: they stay, with what the shop needs to hand them over, until they
 * are delivered or cancelled; see eraseOrderPersonalData.)
 */
export async function openOrdersRemaining(tx: Tx, userId: string, isVendor: boolean): Promise<Record<string, string>> {
  if (!isVendor) return {};
  const sold = await tx
    .selectDistinct({ number: orders.orderNumber })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.vendorId, userId), notInArray(orderLines.status, ['delivered', 'cancelled'])))
    .orderBy(asc(orders.orderNumber));
  if (sold.length === 0) return {};
  return {
    shopOrders: `Your shop still has ${sold.length} open order${sold.length > 1 ? 's' : ''} to fulfil or cancel: ${listed(sold.map((o) => o.number))}.`,
  };
}

/** The person's orders for the export: each with its payment record, lines, handovers and note. */
export async function ordersForExport(db: Tx, userId: string) {
  const heads = await db
    .select({ order: orders, payment: customerPayments })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const ids = heads.map((head) => head.order.id);
  if (ids.length === 0) return [];
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids));
  const handovers = await db.select().from(orderFulfilments).where(inArray(orderFulfilments.orderId, ids));
  const problems = await db.select().from(problemReports).where(inArray(problemReports.orderId, ids));
  const notes = await db
    .select()
    .from(orderNotes)
    .where(
      inArray(
        orderNotes.transactionId,
        heads.map((head) => head.payment.transactionId),
      ),
    );
  return heads.map(({ order, payment }) => ({
    orderNumber: formatOrderNumber(order.orderNumber),
    invoiceNumber: formatInvoiceNumber(payment.invoiceNumber),
    status: order.status,
    createdAt: order.createdAt,
    name: order.name,
    email: order.email,
    payment: {
      orderName: payment.orderName,
      phoneNumber: payment.phoneNumber,
      address: payment.address,
      subtotalCents: payment.subtotalCents,
      discountCents: payment.discountCents,
      deliveryCents: payment.deliveryCents,
      taxCents: payment.taxCents,
      taxIncluded: payment.taxIncluded,
      priceCents: payment.priceCents,
      couponCode: payment.couponCode,
      cardBrand: payment.cardBrand,
      cardLast4: payment.cardLast4,
      provider: payment.provider,
      transactionId: payment.transactionId,
    },
    note: notes.find((note) => note.transactionId === payment.transactionId)?.note ?? null,
    lines: lines
      .filter((line) => line.orderId === order.id)
      .map((line) => ({
        productId: line.productId,
        shopName: line.shopName,
        itemName: line.itemName,
        unitPriceCents: line.unitPriceCents,
        amount: line.amount,
        totalCents: line.totalCents,
        taxCents: line.taxCents,
        status: line.status,
        estimatedGrams: line.estimatedGrams,
        actualGrams: line.actualGrams,
        // The size bought (decision 052), null on lines from before options.
        optionLabel: line.optionLabel,
        sku: line.sku,
      })),
    handovers: handovers
      .filter((handover) => handover.orderId === order.id)
      .map(({ id, orderId, windowId, ...handover }) => handover),
    // The problems the person reported, with what was done (the admin's name is the marketplace's, not theirs).
    problemReports: problems
      .filter((report) => report.orderId === order.id)
      .map(({ id, orderId, shopperId, resolvedBy, resolvedByName, ...report }) => report),
  }));
}

type Words = { word: string; insteadOf: string }[];
type StandIns = { erasedName: string; erasedEmail: string };

/**
 * An account leaving (docs/privacy.md): its orders and payment records keep their numbers, amounts, dates and
 * products, but the name, e-mail, phone and address become stand-ins, the delivery addresses and notes go; a vendor's
 * e-mail on the lines it sold becomes its stand-in. An order still open keeps the name, phone, address and note the
 * shop needs to hand it over (only its e-mail goes now) until it is delivered or cancelled: then
 * `finishErasureOfOrder` erases the rest. Answers the words it replaced (names, phones and addresses given at
 * checkout), for the copies other modules made of them (notifications).
 */
export async function eraseOrderPersonalData(
  tx: Tx,
  leaver: { id: string } & StandIns,
  /** The person's card payments' provider ids: a note kept for a checkout never paid is theirs too. */
  paymentIds: readonly string[],
): Promise<Words> {
  const open = await tx
    .select({ paymentId: orders.paymentId, transactionId: customerPayments.transactionId })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(and(eq(orders.userId, leaver.id), eq(orders.status, 'pending')));
  const keptPayments = open.map((order) => order.paymentId);
  // A problem report keeps why, its lines and what was done; the shopper's words and photo go (and their copy in the
  // shop's and admins' messages). An admin who resolved reports is named there by the erased name.
  const reported = await tx
    .select({ text: problemReports.text })
    .from(problemReports)
    .where(eq(problemReports.shopperId, leaver.id));
  await tx
    .update(problemReports)
    .set({ text: ERASED_ADDRESS, photo: null })
    .where(eq(problemReports.shopperId, leaver.id));
  await tx
    .update(problemReports)
    .set({ resolvedByName: leaver.erasedName })
    .where(eq(problemReports.resolvedBy, leaver.id));
  const keptNotes = new Set(open.map((order) => order.transactionId));
  // Open orders are the shop's to hand over: only the e-mail goes now.
  await tx.update(orders).set({ email: leaver.erasedEmail }).where(eq(orders.userId, leaver.id));
  await tx.update(customerPayments).set({ email: leaver.erasedEmail }).where(eq(customerPayments.userId, leaver.id));
  await tx
    .update(orderLines)
    .set({ shopEmail: leaver.erasedEmail })
    .where(and(eq(orderLines.vendorId, leaver.id), isNotNull(orderLines.shopEmail)));

  const closedPayments = await tx
    .select({ id: customerPayments.id, transactionId: customerPayments.transactionId })
    .from(customerPayments)
    .where(
      and(
        eq(customerPayments.userId, leaver.id),
        keptPayments.length > 0 ? notInArray(customerPayments.id, keptPayments) : undefined,
      ),
    );
  const closedOrders = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, leaver.id), ne(orders.status, 'pending')));
  const noteIds = [...closedPayments.map((payment) => payment.transactionId), ...paymentIds].filter(
    (id) => !keptNotes.has(id),
  );
  const words = await eraseOrders(
    tx,
    leaver,
    closedOrders.map((order) => order.id),
    closedPayments.map((payment) => payment.id),
    noteIds,
  );
  return [...words, ...reported.map((report) => ({ word: problemExcerpt(report.text), insteadOf: ERASED_ADDRESS }))];
}

/**
 * The end of an erasure kept waiting by an open order (see eraseOrderPersonalData): once the order of an erased
 * account (its e-mail is the stand-in) is delivered or cancelled, its name, phone, address and note go, and their
 * copies in notifications. Called in the transaction that settled the order's status.
 */
export async function finishErasureOfOrder(tx: Tx, orderId: string): Promise<void> {
  const [order] = await tx
    .select({ email: orders.email, paymentId: orders.paymentId, transactionId: customerPayments.transactionId })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!order?.email.endsWith(`@${ERASED_EMAIL_DOMAIN}`)) return;
  const standIns = { erasedName: ERASED_NAMES.customer, erasedEmail: order.email };
  const words = await eraseOrders(tx, standIns, [orderId], [order.paymentId], [order.transactionId]);
  await replaceWords(tx, words);
}

/** Erases the orders' and payment records' names, phones, addresses and notes; answers the words replaced. */
async function eraseOrders(
  tx: Tx,
  standIns: StandIns,
  orderIds: readonly string[],
  paymentIds: readonly string[],
  noteIds: readonly string[],
): Promise<Words> {
  const given =
    paymentIds.length === 0
      ? []
      : await tx
          .select({
            name: customerPayments.name,
            orderName: customerPayments.orderName,
            phone: customerPayments.phoneNumber,
            address: customerPayments.address,
          })
          .from(customerPayments)
          .where(inArray(customerPayments.id, [...paymentIds]));
  const handovers =
    orderIds.length === 0
      ? []
      : await tx
          .select({ address: orderFulfilments.deliveryAddress, note: orderFulfilments.note })
          .from(orderFulfilments)
          .where(inArray(orderFulfilments.orderId, [...orderIds]));
  const notes =
    noteIds.length === 0
      ? []
      : await tx
          .delete(orderNotes)
          .where(inArray(orderNotes.transactionId, [...noteIds]))
          .returning({ note: orderNotes.note });
  if (paymentIds.length > 0) {
    await tx
      .update(customerPayments)
      .set({ name: standIns.erasedName, orderName: standIns.erasedName, phoneNumber: '', address: '' })
      .where(inArray(customerPayments.id, [...paymentIds]));
  }
  if (orderIds.length > 0) {
    await tx
      .update(orders)
      .set({ name: standIns.erasedName })
      .where(inArray(orders.id, [...orderIds]));
    await tx
      .update(orderFulfilments)
      .set({
        deliveryAddress: sql`CASE WHEN ${orderFulfilments.deliveryAddress} IS NULL THEN NULL ELSE ${ERASED_ADDRESS} END`,
        deliveryPostcode: sql`CASE WHEN ${orderFulfilments.deliveryPostcode} IS NULL THEN NULL ELSE ${ERASED_ADDRESS} END`,
        note: null,
      })
      .where(inArray(orderFulfilments.orderId, [...orderIds]));
  }
  const words = new Map<string, string>();
  for (const payment of given) {
    words.set(payment.name, standIns.erasedName);
    words.set(payment.orderName, standIns.erasedName);
    if (payment.phone) words.set(payment.phone, ERASED_ADDRESS);
    if (payment.address) words.set(payment.address, ERASED_ADDRESS);
  }
  for (const { note } of notes) words.set(note, ERASED_ADDRESS);
  for (const handover of handovers) {
    if (handover.address) words.set(handover.address, ERASED_ADDRESS);
    if (handover.note) words.set(handover.note, ERASED_ADDRESS);
  }
  return [...words].map(([word, insteadOf]) => ({ word, insteadOf }));
}
