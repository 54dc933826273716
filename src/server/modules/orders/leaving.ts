import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { formatInvoiceNumber, formatOrderNumber } from '#contract/order-numbers.ts';
import type { Tx } from '../../db/client.ts';
import { customerPayments, orderFulfilments, orderLines, orderNotes, orders } from './tables.ts';

/** What stands in for an erased shopper's delivery address on a kept order (the ZIP code too). */
export const ERASED_ADDRESS = '[erased]';

const listed = (numbers: number[]) => numbers.map(formatOrderNumber).join(', ');

/**
 * Why an account cannot leave yet, as far as orders go: a shopper's orders still open (they stay until fulfilled:
 * the shop needs the name, phone and address to hand them over), a vendor's shop with order lines still to fulfil.
 */
export async function openOrdersRemaining(tx: Tx, userId: string, isVendor: boolean): Promise<Record<string, string>> {
  const remains: Record<string, string> = {};
  const bought = await tx
    .select({ number: orders.orderNumber })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')))
    .orderBy(asc(orders.orderNumber));
  if (bought.length > 0) {
    remains.openOrders = `Your order${bought.length > 1 ? 's' : ''} ${listed(bought.map((o) => o.number))} ${
      bought.length > 1 ? 'are' : 'is'
    } still open: delete your account once ${bought.length > 1 ? 'they are' : 'it is'} delivered or cancelled.`;
  }
  if (isVendor) {
    const sold = await tx
      .selectDistinct({ number: orders.orderNumber })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.vendorId, userId), notInArray(orderLines.status, ['delivered', 'cancelled'])))
      .orderBy(asc(orders.orderNumber));
    if (sold.length > 0) {
      remains.shopOrders = `Your shop still has ${sold.length} open order${sold.length > 1 ? 's' : ''} to fulfil or cancel: ${listed(sold.map((o) => o.number))}.`;
    }
  }
  return remains;
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
      })),
    handovers: handovers
      .filter((handover) => handover.orderId === order.id)
      .map(({ id, orderId, windowId, ...handover }) => handover),
  }));
}

/**
 * An account leaving (docs/privacy.md): its orders and payment records keep their numbers, amounts, dates and
 * products, but the name, e-mail, phone and address become stand-ins, the delivery addresses and notes go; a vendor's
 * e-mail on the lines it sold becomes its stand-in. Answers the words it replaced (names, phones and addresses given
 * at checkout), for the copies other modules made of them (notifications).
 */
export async function eraseOrderPersonalData(
  tx: Tx,
  leaver: { id: string; erasedName: string; erasedEmail: string },
  /** The person's card payments' provider ids: a note kept for a checkout never paid is theirs too. */
  paymentIds: readonly string[],
): Promise<{ word: string; insteadOf: string }[]> {
  const given = await tx
    .select({
      transactionId: customerPayments.transactionId,
      name: customerPayments.name,
      orderName: customerPayments.orderName,
      phone: customerPayments.phoneNumber,
      address: customerPayments.address,
    })
    .from(customerPayments)
    .where(eq(customerPayments.userId, leaver.id));
  const ownOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, leaver.id));
  const handovers = await tx
    .select({ address: orderFulfilments.deliveryAddress, note: orderFulfilments.note })
    .from(orderFulfilments)
    .where(inArray(orderFulfilments.orderId, ownOrders));
  const noteIds = [...new Set([...given.map((payment) => payment.transactionId), ...paymentIds])];
  const notes =
    noteIds.length === 0
      ? []
      : await tx
          .delete(orderNotes)
          .where(inArray(orderNotes.transactionId, noteIds))
          .returning({ note: orderNotes.note });
  await tx
    .update(customerPayments)
    .set({
      email: leaver.erasedEmail,
      name: leaver.erasedName,
      orderName: leaver.erasedName,
      phoneNumber: '',
      address: '',
    })
    .where(eq(customerPayments.userId, leaver.id));
  await tx
    .update(orders)
    .set({ email: leaver.erasedEmail, name: leaver.erasedName })
    .where(eq(orders.userId, leaver.id));
  await tx
    .update(orderFulfilments)
    .set({
      deliveryAddress: sql`CASE WHEN ${orderFulfilments.deliveryAddress} IS NULL THEN NULL ELSE ${ERASED_ADDRESS} END`,
      deliveryPostcode: sql`CASE WHEN ${orderFulfilments.deliveryPostcode} IS NULL THEN NULL ELSE ${ERASED_ADDRESS} END`,
      note: null,
    })
    .where(inArray(orderFulfilments.orderId, ownOrders));
  await tx
    .update(orderLines)
    .set({ shopEmail: leaver.erasedEmail })
    .where(and(eq(orderLines.vendorId, leaver.id), isNotNull(orderLines.shopEmail)));
  const words = new Map<string, string>();
  for (const payment of given) {
    words.set(payment.name, leaver.erasedName);
    words.set(payment.orderName, leaver.erasedName);
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
