import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  type BulkStepResult,
  combinedStatus,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  STEP_LABELS,
  STEPS,
  type StepUndo,
  UNDO_SECONDS,
  type VendorOrder,
} from '#contract/fulfilment.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict } from '../../errors.ts';
import { withdrawHeldNotifications } from '../notifications/index.ts';
import { awaitingCapture, findIntent, type PaymentProvider, withdrawUnsentTransfer } from '../payments/index.ts';
import {
  lineColumns,
  lockedVendorPart,
  orderColumns,
  type PartStep,
  setPartStatus,
  settleOrderStatus,
  shopFulfilments,
  toVendorOrder,
  updateVendorOrder,
  withPayment,
} from './fulfilment.ts';
import { paymentOfOrder } from './order-money.ts';
import { customerPayments, orderLines, orders } from './tables.ts';

/**
 * Market day (decision 059): a step is one tap, taken back with the token it answered for UNDO_SECONDS; several orders
 * move to the same step in one call.
 */

const UNDO_MS = UNDO_SECONDS * 1000;

const undoClaim = z.object({
  o: z.string(),
  v: z.string(),
  f: z.enum(FULFILMENT_STATUSES),
  t: z.enum(FULFILMENT_STATUSES),
  u: z.number(),
});
type UndoClaim = z.infer<typeof undoClaim>;

const macOf = (secret: string, body: string) =>
  createHmac('sha256', `step-undo:${secret}`).update(body).digest('base64url');

/** The token that lets this vendor take this step back until UNDO_SECONDS from now; null for a step never undone. */
export function undoOf(secret: string, vendorId: string, orderId: string, step: PartStep, now: Date): StepUndo | null {
  if (step.to === 'cancelled' || step.captured) return null;
  const until = now.getTime() + UNDO_MS;
  const claim: UndoClaim = { o: orderId, v: vendorId, f: step.from, t: step.to, u: until };
  const body = Buffer.from(JSON.stringify(claim)).toString('base64url');
  return { token: `${body}.${macOf(secret, body)}`, until: new Date(until).toISOString() };
}

function readUndo(secret: string, token: string): UndoClaim | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const wanted = Buffer.from(macOf(secret, body));
  const given = Buffer.from(mac);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return null;
  try {
    const parsed = undoClaim.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The vendor's own part of each of these orders, as its order list shows it (orders of other shops are absent). */
async function vendorOrdersByIds(db: Tx, vendorId: string, orderIds: string[]): Promise<Map<string, VendorOrder>> {
  if (orderIds.length === 0) return new Map();
  const lines = await db
    .select(lineColumns)
    .from(orderLines)
    .where(and(eq(orderLines.vendorId, vendorId), inArray(orderLines.orderId, orderIds)))
    .orderBy(orderLines.createdAt, orderLines.id);
  const ids = [...new Set(lines.map((line) => line.orderId))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(customerPayments, withPayment)
    .where(inArray(orders.id, ids));
  const fulfilmentOf = await shopFulfilments(db, vendorId, ids);
  return new Map(
    rows.map((order) => [
      order.id,
      toVendorOrder(
        order,
        lines.filter((line) => line.orderId === order.id),
        fulfilmentOf.get(order.id) ?? null,
      ),
    ]),
  );
}

/**
 * Moves each of these orders of the vendor to the same step, one at a time, each exactly as moving it alone does (its
 * own transaction, rules, messages and money). Answers per order what happened: moved (with its undo), already at
 * that step, or refused and why; an order of another shop is refused as not found, revealing nothing.
 */
export async function moveVendorParts(
  db: Db,
  provider: PaymentProvider,
  secret: string,
  vendorId: string,
  input: { orderIds: string[]; status: 'ready' | 'shipped' | 'delivered' },
  now: () => Date,
  log?: FastifyBaseLogger,
): Promise<{ moved: number; results: BulkStepResult[] }> {
  const orderIds = [...new Set(input.orderIds)];
  const before = await vendorOrdersByIds(db, vendorId, orderIds);
  const results: BulkStepResult[] = [];
  for (const orderId of orderIds) {
    const known = before.get(orderId);
    if (!known) {
      results.push({ orderId, outcome: 'refused', message: 'Not one of your orders', order: null, undo: null });
      continue;
    }
    if (known.status === input.status) {
      results.push({ orderId, outcome: 'unchanged', message: null, order: known, undo: null });
      continue;
    }
    try {
      const { order, step } = await updateVendorOrder(db, provider, vendorId, orderId, input.status, log);
      results.push({
        orderId,
        outcome: 'moved',
        message: null,
        order,
        undo: undoOf(secret, vendorId, orderId, step, now()),
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const message = known.status === 'cancelled' ? 'It is cancelled' : error.message;
      results.push({ orderId, outcome: 'refused', message, order: known, undo: null });
    }
  }
  // Refused orders as they are now (another step may have moved them meanwhile).
  const after = await vendorOrdersByIds(
    db,
    vendorId,
    results.filter((r) => r.outcome !== 'moved' && r.order).map((r) => r.orderId),
  );
  return {
    moved: results.filter((r) => r.outcome === 'moved').length,
    results: results.map((r) => (r.outcome === 'moved' ? r : { ...r, order: after.get(r.orderId) ?? r.order })),
  };
}

const tooLate = () =>
  conflict(`Too late to undo: a step can be taken back for ${UNDO_SECONDS} seconds. Move the order on, or cancel it`);

/**
 * Takes back the step the vendor just made on its part of an order, with the token that step answered: only that
 * vendor, only to the step it left, only within UNDO_SECONDS, only while the part is still where the step put it.
 * The shopper's message about the step, still held back, is withdrawn; a payout held back for a last step is too. A
 * step that charged weighed goods, or whose payout was sent, stays.
 */
export async function undoVendorStep(
  db: Db,
  secret: string,
  vendorId: string,
  orderId: string,
  token: string,
  now: Date,
): Promise<{ changed: number; order: VendorOrder; undo: null }> {
  return db.transaction(async (tx) => {
    const { order, mine, fulfilment } = await lockedVendorPart(tx, orderId, vendorId);
    const claim = readUndo(secret, token);
    if (!claim || claim.o !== orderId) throw conflict('This undo is not for this order');
    if (claim.v !== vendorId) throw conflict('Only the shop that made a step can take it back');
    if (claim.u < now.getTime()) throw tooLate();
    const kind = fulfilment?.kind ?? 'shipping';
    const current = combinedStatus(mine.map((l) => l.status));
    const steps = STEPS[kind] as readonly FulfilmentStatus[];
    if (current !== claim.t || steps.indexOf(claim.f) !== steps.indexOf(claim.t) - 1) {
      throw conflict(
        `This order is ${STEP_LABELS[kind][current].toLowerCase()} now: only the step just made is undone`,
      );
    }
    if (claim.f === 'pending' && mine.some((line) => line.estimatedGrams !== null)) {
      const payment = await paymentOfOrder(tx, orderId);
      const intent = await findIntent(tx, payment.provider, payment.transactionId);
      if (intent?.captureMethod === 'manual' && !(await awaitingCapture(tx, intent.id))) {
        throw conflict('The card was charged for the weighed goods: the order cannot go back to Ordered');
      }
    }
    if (claim.t === 'delivered' && (await withdrawUnsentTransfer(tx, orderId, vendorId, UNDO_MS)) === 'sent') {
      throw conflict(`Your payout for this order was sent: it stays ${STEP_LABELS[kind].delivered.toLowerCase()}`);
    }
    const changed = await setPartStatus(tx, orderId, vendorId, claim.f);
    const status = await settleOrderStatus(tx, orderId, order.status);
    await withdrawHeldNotifications(tx, {
      kind: 'step_changed',
      orderId,
      shopName: mine[0].shopName,
      status: claim.t,
    });
    const after = mine.map((l) => (l.status === 'cancelled' ? l : { ...l, status: claim.f }));
    return { changed, order: toVendorOrder({ ...order, status }, after, fulfilment), undo: null };
  });
}
