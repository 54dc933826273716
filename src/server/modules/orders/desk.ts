import { and, count, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { combinedStatus, type FulfilmentStatus, type HandoverKind, STEP_LABELS } from '#contract/fulfilment.ts';
import { centsToDollars } from '#contract/money.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import {
  DESK_REFUND_CAUSE_LABELS,
  type DeskOrder,
  type DeskSearchQuery,
  type DeskStory,
} from '#contract/order-desk.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import { type Page, pageOf } from '#contract/pagination.ts';
import type { Tx } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { notFound } from '../../errors.ts';
import { noticesOfOrder } from '../notifications/index.ts';
import { ledgerOfOrder, type OrderRefund, refundNotesOf, refundsOfOrders } from '../payments/index.ts';
import { isUncharged } from './charged.ts';
import { orderMoney, paidLineShares } from './order-money.ts';
import { orderOrBuyer } from './order-search.ts';
import { reportsOfOrder } from './problem-reports.ts';
import { fulfilmentsOfOrders } from './queries.ts';
import { feeRefundKey, lineOfRefundKey, lineRefundKey, partRefundPrefix } from './refund-shares.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/** Midnight starting `day` (YYYY-MM-DD) in the time zone, as a timestamp. */
const startOf = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** The desk's filters: number or shopper, a shop's name, the days placed (in the business's zone), a line's step. */
function deskFilters(query: DeskSearchQuery, timeZone: string): SQL | undefined {
  const lineWhere = (condition: SQL) =>
    exists(sql`(select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${condition})`);
  // The name on the order (given at checkout) or the e-mail, or the name of the account that paid.
  const buyer = query.q ? or(orderOrBuyer(query.q), ilike(customerPayments.name, containing(query.q))) : undefined;
  return and(
    buyer,
    query.shop ? lineWhere(ilike(orderLines.shopName, containing(query.shop))) : undefined,
    query.status ? lineWhere(eq(orderLines.status, query.status)) : undefined,
    query.from ? sql`${orders.createdAt} >= ${startOf(query.from, timeZone)}` : undefined,
    query.to ? sql`${orders.createdAt} < ${startOf(query.to, timeZone)} + interval '1 day'` : undefined,
  );
}

const liveRefunds = (refunds: OrderRefund[]) => refunds.filter((refund) => refund.status !== 'failed');
const sumCents = (rows: { amountCents: number }[]) => rows.reduce((sum, row) => sum + row.amountCents, 0);

/** A page of orders for the desk, newest first, with each shop's step and what was paid and refunded. */
export async function searchOrders(db: Tx, query: DeskSearchQuery, timeZone: string): Promise<Page<DeskOrder>> {
  const where = deskFilters(query, timeZone);
  const [{ total }] = await db
    .select({ total: count() })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(where);
  const rows = await newestFirstPage(
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        name: orders.name,
        email: orders.email,
        priceCents: customerPayments.priceCents,
        transactionId: customerPayments.transactionId,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
      .where(where)
      .$dynamic(),
    orders,
    query,
  );
  const ids = rows.map((row) => row.id);
  const lines = ids.length
    ? await db
        .select({
          orderId: orderLines.orderId,
          vendorId: orderLines.vendorId,
          shopName: orderLines.shopName,
          status: orderLines.status,
        })
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(orderLines.createdAt, orderLines.id)
    : [];
  const refunds = liveRefunds(await refundsOfOrders(db, ids));
  const items = rows.map((row) => {
    const own = lines.filter((line) => line.orderId === row.id);
    const shops = [...new Set(own.map((line) => line.vendorId))].map((shopId) => {
      const part = own.filter((line) => line.vendorId === shopId);
      return { shopName: part[0].shopName, status: combinedStatus(part.map((line) => line.status)) };
    });
    return {
      _id: row.id,
      orderNumber: formatOrderNumber(row.orderNumber),
      name: row.name,
      email: row.email,
      shops,
      total: centsToDollars(row.priceCents),
      charged: !isUncharged(row.transactionId),
      refunded: centsToDollars(sumCents(refunds.filter((refund) => refund.orderId === row.id))),
      status: row.status,
      date: row.createdAt.toISOString(),
    };
  });
  return pageOf(items, total, query);
}

const REFUND_REASONS: Record<OrderRefund['reason'], string> = {
  vendor_cancelled: 'Cancelled by the shop',
  customer_cancelled: 'Cancelled by the shopper',
  cannot_fulfil: 'The order could not be made',
  duplicate: 'A second payment for the same cart',
  abandoned: 'The payment was never completed',
  after_delivery: 'Refunded after delivery',
};

/** Which shop and step a notice told of, when it names one. */
function noticeAbout(event: NotificationEvent): string | null {
  if (event.kind === 'step_changed') return `${event.shopName}: ${event.label}`;
  return 'shopName' in event ? event.shopName : null;
}

type StoryLine = { id: string; orderId: string; vendorId: string; shopName: string; itemName: string; amount: number };

/** What a refund gave back, by its key: a line, a shop's delivery fee, a delivered part (or a line of it). */
function refundedWhat(refund: OrderRefund, lines: StoryLine[]) {
  const line =
    lines.find((l) => lineRefundKey(l.id) === refund.idempotencyKey) ??
    lines.find((l) => l.id === lineOfRefundKey(refund.idempotencyKey));
  if (line) return { shopName: line.shopName, what: `${line.itemName} ×${line.amount}` };
  const fee = lines.find((l) => feeRefundKey(l.orderId, l.vendorId) === refund.idempotencyKey);
  if (fee) return { shopName: fee.shopName, what: 'Delivery fee' };
  const part = lines.find((l) => refund.idempotencyKey.startsWith(partRefundPrefix(l.orderId, l.vendorId)));
  if (part) return { shopName: part.shopName, what: 'Part of the order' };
  return { shopName: null, what: 'The payment' };
}

/**
 * One order's whole story for the desk: its parts and their steps (the order placed, then each step as the shopper
 * was told it), every line with what was paid for it and refunded of it, the payment (charge, or hold and capture),
 * refunds with why and who, the shops' transfers and the notices written. Every figure is the ledger's: orderMoney
 * and paidLineShares, as the invoice reads them.
 */
export async function orderStory(db: Tx, orderId: string): Promise<DeskStory> {
  const [order] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      paymentId: orders.paymentId,
      name: orders.name,
      email: orders.email,
      status: orders.status,
      createdAt: orders.createdAt,
      provider: customerPayments.provider,
      transactionId: customerPayments.transactionId,
      paymentCreatedAt: customerPayments.createdAt,
    })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!order) throw notFound('Order');
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      vendorId: orderLines.vendorId,
      shopName: orderLines.shopName,
      itemName: orderLines.itemName,
      amount: orderLines.amount,
      totalCents: orderLines.totalCents,
      status: orderLines.status,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.createdAt, orderLines.id);
  const money = await orderMoney(db, orderId);
  const paid = money.state === 'held' ? null : await paidLineShares(db, orderId, []);
  const refunds = await refundsOfOrders(db, [orderId]);
  const live = liveRefunds(refunds);
  const notes = await refundNotesOf(
    db,
    refunds.map((refund) => refund.id),
  );
  const ledger = await ledgerOfOrder(db, orderId, order.provider, order.transactionId);
  const notices = await noticesOfOrder(db, orderId);
  const fulfilments = await fulfilmentsOfOrders(db, [orderId]);

  const parts = money.shops.map((shop) => {
    const own = lines.filter((line) => line.vendorId === shop.shopId);
    const status = combinedStatus(own.map((line) => line.status));
    const booked = fulfilments.find((f) => f.shopId === shop.shopId);
    const kind: HandoverKind = booked?.kind ?? 'shipping';
    const delivered = status === 'delivered';
    const partRefunds = live.filter((r) => r.idempotencyKey.startsWith(partRefundPrefix(orderId, shop.shopId)));
    const partLeft = delivered ? (shop.chargedCents ?? 0) - sumCents(partRefunds) : 0;
    const steps = notices
      .filter((n) => n.channel === 'in_app' && n.email === order.email)
      .flatMap((n) => {
        const event = n.payload;
        if (event.kind === 'step_changed' && event.shopName === shop.shopName)
          return [{ status: event.status, label: event.label, at: n.createdAt.toISOString() }];
        if (event.kind === 'part_cancelled' && event.shopName === shop.shopName)
          return [{ status: 'cancelled', label: 'Cancelled', at: n.createdAt.toISOString() }];
        return [];
      });
    return {
      shopId: shop.shopId,
      shopName: shop.shopName,
      status,
      steps: [{ status: 'pending', label: STEP_LABELS[kind].pending, at: order.createdAt.toISOString() }, ...steps],
      lines: own.map((line) => {
        const linePaid = paid?.shareOf.get(line.id)?.paidCents ?? null;
        const ofLine = live.filter(
          (r) => r.idempotencyKey === lineRefundKey(line.id) || lineOfRefundKey(r.idempotencyKey) === line.id,
        );
        const left =
          delivered && line.status !== 'cancelled' ? Math.min((linePaid ?? 0) - sumCents(ofLine), partLeft) : 0;
        return {
          _id: line.id,
          itemName: line.itemName,
          amount: line.amount,
          status: line.status as FulfilmentStatus,
          total: centsToDollars(line.totalCents),
          paid: linePaid === null ? null : centsToDollars(linePaid),
          refunded: centsToDollars(sumCents(ofLine)),
          refundable: centsToDollars(Math.max(0, left)),
        };
      }),
      delivery: centsToDollars(booked?.feeCents ?? 0),
      charged: shop.chargedCents === null ? null : centsToDollars(shop.chargedCents),
      held: shop.heldCents === null ? null : centsToDollars(shop.heldCents),
      refunded: centsToDollars(shop.refundedCents),
      refundable: centsToDollars(Math.max(0, partLeft)),
      cancellable: status !== 'delivered' && status !== 'cancelled',
      onCancel: {
        refund: centsToDollars(shop.onCancel.refundCents),
        release: centsToDollars(shop.onCancel.releaseCents),
      },
    };
  });

  const { intent, capture } = ledger;
  const payments: DeskStory['payments'] = intent
    ? [
        {
          kind: intent.captureMethod === 'manual' ? 'hold' : 'charge',
          amount: centsToDollars(intent.amountCents),
          status: intent.status,
          at: (intent.paidAt ?? intent.createdAt).toISOString(),
          reference: intent.providerIntentId,
        },
        ...(capture
          ? [
              {
                kind: 'capture' as const,
                amount: centsToDollars(capture.amountCents),
                status: capture.status,
                at: (capture.succeededAt ?? capture.createdAt).toISOString(),
                reference: intent.providerIntentId,
              },
            ]
          : []),
      ]
    : [
        {
          kind: 'charge',
          amount: centsToDollars(money.chargedCents ?? 0),
          status: 'recorded without the card provider',
          at: order.paymentCreatedAt.toISOString(),
          reference: order.transactionId,
        },
      ];
  const shopName = (shopId: string) => lines.find((line) => line.vendorId === shopId)?.shopName ?? 'A shop';
  return {
    _id: order.id,
    orderNumber: formatOrderNumber(order.orderNumber),
    paymentId: order.paymentId,
    name: order.name,
    email: order.email,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    money: {
      state: money.state,
      held: money.heldCents === null ? null : centsToDollars(money.heldCents),
      charged: money.chargedCents === null ? null : centsToDollars(money.chargedCents),
      released: centsToDollars(money.releasedCents),
      refunded: centsToDollars(money.refundedCents),
    },
    parts,
    payments,
    refunds: refunds.map((refund) => {
      const note = notes.get(refund.id);
      return {
        _id: refund.id,
        amount: centsToDollars(refund.amountCents),
        ...refundedWhat(refund, lines),
        reason: note ? DESK_REFUND_CAUSE_LABELS[note.cause] : REFUND_REASONS[refund.reason],
        note: note?.note ?? null,
        by: note?.givenByName ?? null,
        status: refund.status,
        at: refund.createdAt.toISOString(),
      };
    }),
    transfers: ledger.transfers.map((transfer) => ({
      shopName: shopName(transfer.shopId),
      amount: centsToDollars(transfer.amountCents),
      commission: centsToDollars(transfer.commissionCents),
      reversed: centsToDollars(transfer.reversedCents),
      status: transfer.status,
      at: transfer.createdAt.toISOString(),
    })),
    notices: notices.map((n) => ({
      kind: n.kind,
      about: noticeAbout(n.payload),
      channel: n.channel,
      to: n.email,
      state: n.state,
      at: (n.sentAt ?? n.createdAt).toISOString(),
    })),
    reports: await reportsOfOrder(db, order.id, { id: '', role: 'admin' }),
  };
}
