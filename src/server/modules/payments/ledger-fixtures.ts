import { eq, inArray } from 'drizzle-orm';
import type { TestContext } from '../../test/app.ts';
import { customerPayments, orders } from '../orders/tables.ts';
import { paymentIntents, refunds, sandboxPaymentIntents, transferReversals, transfers } from './tables.ts';

export const sumCents = (rows: { amountCents: number }[]) => rows.reduce((total, row) => total + row.amountCents, 0);

/**
 * An order's side of the ledger (decisions 023 and 028): its payment row (for a season's delivery, the draw), the
 * sandbox's record of the charge behind it, the refunds given (not failed), the shops' transfers, and `balance`: what
 * went out of the charge (refunds + transfers + commission + tax, net of reversals), which equals the charge once
 * every part is delivered or cancelled.
 */
export async function orderLedger(t: TestContext, orderId: string) {
  const [{ transactionId }] = await t.db
    .select({ transactionId: customerPayments.transactionId })
    .from(orders)
    .innerJoin(customerPayments, eq(customerPayments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  const [payment] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.providerIntentId, transactionId));
  const [charge] = payment.fundedBy
    ? await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, payment.fundedBy))
    : [payment];
  const [remote] = await t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, charge.providerIntentId));
  const given = (await t.db.select().from(refunds).where(eq(refunds.orderId, orderId))).filter(
    (r) => r.status !== 'failed',
  );
  const paidOut = await t.db.select().from(transfers).where(eq(transfers.orderId, orderId));
  const reversed = paidOut.length
    ? await t.db
        .select()
        .from(transferReversals)
        .where(
          inArray(
            transferReversals.transferId,
            paidOut.map((row) => row.id),
          ),
        )
    : [];
  const net = (field: 'amountCents' | 'commissionCents' | 'taxCents') =>
    paidOut.reduce((total, row) => total + row[field], 0) - reversed.reduce((total, row) => total + row[field], 0);
  const balance = sumCents(given) + net('amountCents') + net('commissionCents') + net('taxCents');
  return { payment, remote, given, paidOut, reversed, balance };
}

/**
 * A season's charge (decision 070) as the ledger and the sandbox have it: its amount, what its deliveries drew, what
 * was given back of it directly, and what the sandbox refunded of it in all (its own refunds and its draws').
 */
export async function seasonCharge(t: TestContext, paymentIntentId: string) {
  const [charge] = await t.db.select().from(paymentIntents).where(eq(paymentIntents.id, paymentIntentId));
  const draws = await t.db.select().from(paymentIntents).where(eq(paymentIntents.fundedBy, charge.id));
  const own = (await t.db.select().from(refunds).where(eq(refunds.paymentIntentId, charge.id))).filter(
    (r) => r.status !== 'failed',
  );
  const drawRefunds = draws.length
    ? (
        await t.db
          .select()
          .from(refunds)
          .where(
            inArray(
              refunds.paymentIntentId,
              draws.map((d) => d.id),
            ),
          )
      ).filter((r) => r.status !== 'failed')
    : [];
  const [remote] = await t.db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.id, charge.providerIntentId));
  return {
    amountCents: charge.amountCents,
    drawn: sumCents(draws),
    own: sumCents(own),
    drawRefunds: sumCents(drawRefunds),
    remote,
  };
}
