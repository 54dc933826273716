import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { centsToDollars } from '#contract/money.ts';
import type { CustomerPayment, CustomerStats } from '#contract/orders.ts';
import type { Tx } from '../../db/client.ts';
import { customerPayments, orderLines, orders } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';

/** Payment records with their order's status (stored once, on the order). */
function paymentRows(db: Tx, where: SQL | undefined) {
  return db
    .select({ ...getTableColumns(customerPayments), status: orders.status })
    .from(customerPayments)
    .innerJoin(orders, eq(orders.paymentId, customerPayments.id))
    .where(where);
}
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

/** Payment records with their order and lines, in the order of `rows`. Two queries, no N+1. */
async function withLines(db: Tx, rows: PaymentRow[]): Promise<CustomerPayment[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({ line: orderLines, paymentId: orders.paymentId, orderId: orders.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      inArray(
        orders.paymentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.createdAt), asc(orderLines.id));
  return rows.map((row) => {
    const own = lines.filter((l) => l.paymentId === row.id);
    return {
      _id: row.id,
      orderId: own[0]?.orderId ?? '',
      email: row.email,
      price: centsToDollars(row.priceCents),
      subtotal: centsToDollars(row.subtotalCents),
      discount: centsToDollars(row.discountCents),
      couponCode: row.couponCode,
      date: row.createdAt.toISOString(),
      cartIds: own.map((l) => l.line.id),
      productIds: own.map(({ line }) => ({
        _id: line.id,
        productId: line.productId,
        amount: line.amount,
        price: centsToDollars(line.unitPriceCents),
        totalPrice: centsToDollars(line.totalCents),
        shopName: line.shopName,
        shopEmail: line.shopEmail,
        itemName: line.itemName,
        image: line.image,
        status: line.status,
      })),
      name: row.name,
      orderName: row.orderName,
      phoneNumber: row.phoneNumber,
      address: row.address,
      transactionId: row.transactionId,
      status: row.status,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
    };
  });
}

export async function paymentByTransactionId(db: Tx, transactionId: string) {
  const rows = await paymentRows(db, eq(customerPayments.transactionId, transactionId));
  const [record] = await withLines(db, rows);
  return record as CustomerPayment | undefined;
}

/** One payment record the caller may read: its buyer or an admin. */
export async function readablePayment(db: Tx, id: string, caller: { id: string; roll: string }) {
  const rows = await paymentRows(db, eq(customerPayments.id, id));
  if (rows.length === 0) throw notFound('Invoice');
  if (rows[0].userId !== caller.id && caller.roll !== 'admin') throw forbidden('This invoice is not yours');
  const [record] = await withLines(db, rows);
  return record;
}

/** A buyer's payments, newest first. */
export async function paymentHistory(db: Tx, email: string, page: number, limit: number) {
  const where = eq(customerPayments.email, email.toLowerCase());
  const [rows, [{ total }]] = await Promise.all([
    paymentRows(db, where).orderBy(desc(customerPayments.createdAt), desc(customerPayments.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(customerPayments).where(where),
  ]);
  return { items: await withLines(db, rows), total, page, limit, pages: Math.max(1, Math.ceil(total / limit)) };
}

/** The customer home figures, from the buyer's own orders. */
export async function customerStats(db: Tx, userId: string): Promise<CustomerStats> {
  const [money] = await db
    .select({ total: sql<number>`coalesce(sum(${customerPayments.priceCents}), 0)::int` })
    .from(customerPayments)
    .innerJoin(orders, eq(orders.paymentId, customerPayments.id))
    .where(and(eq(customerPayments.userId, userId), sql`${orders.status} <> 'cancelled'`));
  const perOrder = await db
    .select({
      units: sql<number>`coalesce(sum(${orderLines.amount}) filter (where ${orderLines.status} <> 'cancelled'), 0)::int`,
      delivered: sql<boolean>`bool_and(${orderLines.status} in ('delivered', 'cancelled')) and bool_or(${orderLines.status} = 'delivered')`,
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id);
  const orderCount = perOrder.length;
  const deliveredOrders = perOrder.filter((o) => o.delivered).length;
  return {
    totalItems: perOrder.reduce((sum, o) => sum + o.units, 0),
    totalMoney: centsToDollars(money.total),
    orders: orderCount,
    deliveredOrders,
    shoppingDone: orderCount === 0 ? 0 : Math.round((deliveredOrders * 100) / orderCount),
  };
}
