import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { combinedStatus } from '#contract/fulfilment.ts';
import { formatOrderNumber } from '#contract/order-numbers.ts';
import {
  PROBLEM_REASON_LABELS,
  PROBLEM_REPORT_DAYS,
  type ProblemReport,
  type ProblemReportState,
  type problemReportInput,
} from '#contract/problem-reports.ts';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { notify } from '../notifications/index.ts';
import { listUsers } from '../users/index.ts';
import { orderFulfilments, orderLines, orders, problemReports } from './tables.ts';

type Input = z.output<typeof problemReportInput>;
type Row = typeof problemReports.$inferSelect;
type Admin = { id: string; name: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** What the shop's and admins' messages quote of a report's words: at most 140 characters. */
export const problemExcerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** The reports as their readers see them: the order's number, the shop's and buyer's names, the lines' names. */
async function shaped(db: Tx, rows: Row[]): Promise<ProblemReport[]> {
  if (rows.length === 0) return [];
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const [heads, lines] = await Promise.all([
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, name: orders.name })
      .from(orders)
      .where(inArray(orders.id, orderIds)),
    db
      .select({
        id: orderLines.id,
        vendorId: orderLines.vendorId,
        itemName: orderLines.itemName,
        orderId: orderLines.orderId,
        shopName: orderLines.shopName,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds)),
  ]);
  const headOf = new Map(heads.map((head) => [head.id, head]));
  const lineOf = new Map(lines.map((line) => [line.id, line]));
  return rows.map((row) => {
    const head = headOf.get(row.orderId);
    const shopName = lines.find((l) => l.orderId === row.orderId && l.vendorId === row.shopId)?.shopName ?? '';
    return {
      _id: row.id,
      orderId: row.orderId,
      orderNumber: head ? formatOrderNumber(head.orderNumber) : '',
      shopId: row.shopId,
      shopName,
      buyerName: head?.name ?? '',
      reason: row.reason,
      lines: row.lineIds.flatMap((id) => {
        const line = lineOf.get(id);
        return line ? [{ _id: id, itemName: line.itemName }] : [];
      }),
      photo: row.photo,
      text: row.text,
      state: row.state,
      resolution: row.resolution,
      createdAt: row.createdAt.toISOString(),
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    };
  });
}

/**
 * The order's shopper reports a problem with a shop's delivered part: only their own order (404 otherwise), only a
 * part delivered or picked up, within PROBLEM_REPORT_DAYS of its pickup or delivery time (the order's time for a part
 * without one), one open report per part, the lines its own. Its shop and every admin are told in the same
 * transaction.
 */
export async function reportProblem(
  db: Db,
  part: { orderId: string; shopId: string },
  input: Input,
  shopper: { id: string },
  now: Date,
): Promise<ProblemReport> {
  const row = await db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        userId: orders.userId,
        name: orders.name,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.id, part.orderId))
      .for('update');
    if (!order || order.userId !== shopper.id) throw notFound('Order');
    const lines = await tx
      .select({
        id: orderLines.id,
        status: orderLines.status,
        shopName: orderLines.shopName,
        shopEmail: orderLines.shopEmail,
      })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.vendorId, part.shopId)));
    if (lines.length === 0) throw notFound('Shop of this order');
    if (combinedStatus(lines.map((line) => line.status)) !== 'delivered') {
      throw conflict('You can report a problem once this part is delivered or picked up');
    }
    const [fulfilment] = await tx
      .select({ endsAt: orderFulfilments.endsAt })
      .from(orderFulfilments)
      .where(and(eq(orderFulfilments.orderId, order.id), eq(orderFulfilments.shopId, part.shopId)));
    const handedOver = fulfilment?.endsAt ?? order.createdAt;
    if (now.getTime() - handedOver.getTime() > PROBLEM_REPORT_DAYS * DAY_MS) {
      throw conflict(
        `Problems can be reported up to ${PROBLEM_REPORT_DAYS} days after pickup or delivery: please contact us instead`,
      );
    }
    const own = new Set(lines.filter((line) => line.status !== 'cancelled').map((line) => line.id));
    const strange = input.lineIds.filter((id) => !own.has(id));
    if (strange.length > 0) {
      throw badRequest('Choose lines of this shop’s part of the order', { lineIds: 'Choose lines of this part' });
    }
    const [open] = await tx
      .select({ id: problemReports.id })
      .from(problemReports)
      .where(
        and(
          eq(problemReports.orderId, order.id),
          eq(problemReports.shopId, part.shopId),
          eq(problemReports.state, 'open'),
        ),
      );
    if (open) throw conflict('A problem with this part is already reported and open: we are looking into it');
    const [saved] = await tx
      .insert(problemReports)
      .values({
        orderId: order.id,
        shopId: part.shopId,
        shopperId: shopper.id,
        reason: input.reason,
        lineIds: input.lineIds,
        photo: input.photo,
        text: input.text,
      })
      .returning();
    const about = {
      kind: 'problem_reported' as const,
      orderId: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      shopName: lines[0].shopName,
      buyerName: order.name,
      reason: PROBLEM_REASON_LABELS[input.reason],
      excerpt: problemExcerpt(input.text),
    };
    await notify(tx, [{ userId: part.shopId, email: lines[0].shopEmail }], { ...about, to: 'shop' });
    const { rows: admins } = await listUsers(db, 'admin');
    await notify(
      tx,
      admins.map((admin) => ({ userId: admin.id, email: admin.email })),
      { ...about, to: 'admin' },
    );
    return saved;
  });
  return (await shaped(db, [row]))[0];
}

const newestFirst = [desc(problemReports.createdAt), desc(problemReports.id)];

async function reportsWhere(db: Tx, where: SQL | undefined, limit: number) {
  return shaped(
    db,
    await db
      .select()
      .from(problemReports)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit),
  );
}

/** An order's reports, for its shopper or an admin (404 for anyone else). */
export async function reportsOfOrder(db: Tx, orderId: string, caller: { id: string; role: string }) {
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (!order || (caller.role !== 'admin' && order.userId !== caller.id)) throw notFound('Order');
  return reportsWhere(db, eq(problemReports.orderId, orderId), 100);
}

/** A shop's reports: the open ones, then the latest resolved. */
export async function reportsOfShop(db: Tx, shopId: string) {
  const ofShop = (state: ProblemReportState) => and(eq(problemReports.shopId, shopId), eq(problemReports.state, state));
  return [...(await reportsWhere(db, ofShop('open'), 100)), ...(await reportsWhere(db, ofShop('resolved'), 50))];
}

/** The desk's list: the open reports, or the latest resolved. */
export const reportsInState = (db: Tx, state: ProblemReportState) =>
  reportsWhere(db, eq(problemReports.state, state), state === 'open' ? 500 : 100);

/**
 * Resolves an open report with what was done, in the caller's transaction (the desk's refund's, or its own). With
 * `part`, the report must be of that order's shop part.
 */
export async function resolveReport(
  tx: Tx,
  reportId: string,
  resolution: string,
  admin: Admin,
  part?: { orderId: string; shopId: string },
): Promise<Row> {
  const [report] = await tx.select().from(problemReports).where(eq(problemReports.id, reportId)).for('update');
  if (!report || (part && (report.orderId !== part.orderId || report.shopId !== part.shopId))) {
    throw notFound('Problem report of this part');
  }
  if (report.state !== 'open') throw conflict('This problem report is already resolved');
  const [done] = await tx
    .update(problemReports)
    .set({ state: 'resolved', resolution, resolvedBy: admin.id, resolvedByName: admin.name, resolvedAt: new Date() })
    .where(eq(problemReports.id, reportId))
    .returning();
  return done;
}

/** The admin resolves a report in their words (a replacement, a call), without a refund. */
export async function resolveInWords(db: Db, reportId: string, resolution: string, admin: Admin) {
  const done = await db.transaction((tx) => resolveReport(tx, reportId, resolution, admin));
  return (await shaped(db, [done]))[0];
}
