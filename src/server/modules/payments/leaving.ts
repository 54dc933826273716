import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '#contract/money.ts';
import type { Tx } from '../../db/client.ts';
import { personsRows } from '../../db/persons-rows.ts';
import { payoutAccountRow } from '../payouts/index.ts';
import { isPaid, type PaymentProvider } from './provider.ts';
import { markAbandoned } from './reconcile-intents.ts';
import type { Settle } from './settle.ts';
import {
  paymentIntents,
  refundNotes,
  refunds,
  sandboxConnectedAccounts,
  sandboxPaymentIntents,
  vendorPayments,
} from './tables.ts';
import { shopBalance } from './vendor-balance.ts';

/** The checkout form's copy on a card payment, which erasure clears. */
const PERSONAL_METADATA = ['orderName', 'phoneNumber', 'address'];

/** The person's card payments as the provider knows them (their provider ids), for the notes kept before an order. */
export async function paymentIdsOf(db: Tx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: paymentIntents.providerIntentId })
    .from(paymentIntents)
    .where(eq(paymentIntents.userId, userId));
  return rows.map((row) => row.id);
}

/**
 * Before an account is erased, its card payments never paid are cancelled as the reconciliation job cancels them: at
 * the provider first; one paid meanwhile is settled like any paid payment (it becomes its order), else it is marked
 * abandoned and can no longer become anything.
 */
export async function cancelUnpaidPayments(
  db: Tx,
  { provider, settle, now }: { provider: PaymentProvider; settle: Settle; now: () => Date },
  userId: string,
): Promise<void> {
  const open = await db
    .select({ id: paymentIntents.id, providerIntentId: paymentIntents.providerIntentId })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.userId, userId),
        eq(paymentIntents.provider, provider.name),
        eq(paymentIntents.status, 'requires_confirmation'),
      ),
    );
  for (const intent of open) {
    const after = await provider.cancelIntent(intent.providerIntentId);
    if (isPaid(after?.status)) await settle(intent.id, { now });
    else await markAbandoned(db, intent.id, now(), 'Never paid: cancelled when the account was deleted');
  }
}

/** Why a vendor cannot leave yet, as far as money goes: its shop's balance not settled (owed, or on its way). */
export async function unsettledBalance(db: Tx, shopId: string, now: Date): Promise<Record<string, string>> {
  const balance = await shopBalance(db, shopId, { from: now, to: now });
  const parts = [
    balance.owedCents > 0 ? `${formatMoney(balance.owedCents)} is still owed to your shop` : null,
    balance.onTheWayCents > 0 ? `${formatMoney(balance.onTheWayCents)} is on its way to your account` : null,
  ].filter((part) => part !== null);
  return parts.length === 0
    ? {}
    : { balance: `${parts.join(' and ')}: the shop can close once its balance is paid out (see Payouts).` };
}

/** The person's card payments, refunds and memberships for the export (amounts in cents). */
export async function paymentsForExport(db: Tx, userId: string) {
  const columns = {
    id: paymentIntents.id,
    provider: paymentIntents.provider,
    providerIntentId: paymentIntents.providerIntentId,
    purpose: paymentIntents.purpose,
    amountCents: paymentIntents.amountCents,
    deliveryCents: paymentIntents.deliveryCents,
    couponCode: paymentIntents.couponCode,
    status: paymentIntents.status,
    orderName: paymentIntents.orderName,
    phoneNumber: paymentIntents.phoneNumber,
    address: paymentIntents.address,
    paidAt: paymentIntents.paidAt,
    settledAt: paymentIntents.settledAt,
    createdAt: paymentIntents.createdAt,
  };
  const intents = await personsRows(db.select(columns).from(paymentIntents).$dynamic(), paymentIntents, userId, asc);
  const given =
    intents.length === 0
      ? []
      : await db
          .select({
            paymentIntentId: refunds.paymentIntentId,
            amountCents: refunds.amountCents,
            reason: refunds.reason,
            status: refunds.status,
            createdAt: refunds.createdAt,
          })
          .from(refunds)
          .where(
            inArray(
              refunds.paymentIntentId,
              intents.map((intent) => intent.id),
            ),
          );
  const memberships = await db
    .select({
      priceCents: vendorPayments.priceCents,
      shop: vendorPayments.shop,
      transactionId: vendorPayments.transactionId,
      createdAt: vendorPayments.createdAt,
    })
    .from(vendorPayments)
    .where(eq(vendorPayments.userId, userId));
  return [
    ...intents.map(({ id, ...intent }) => ({
      kind: 'card payment',
      ...intent,
      refunds: given.filter((refund) => refund.paymentIntentId === id).map(({ paymentIntentId, ...r }) => r),
    })),
    ...memberships.map((membership) => ({ kind: 'membership', ...membership })),
  ];
}

/**
 * An account leaving: its card payments keep amounts, dates and statuses but lose the checkout form's name, phone
 * and address (in the sandbox processor's copy too); a membership payment's e-mail becomes the stand-in; a vendor's
 * sandbox payout account loses its e-mail and holder name (the payout account row itself is a ledger record, kept).
 */
export async function erasePaymentPersonalData(
  tx: Tx,
  leaver: { id: string; erasedEmail: string; erasedName: string; isVendor: boolean },
): Promise<void> {
  // An admin who gave refunds at the order desk is named there by the erased name ('Former admin').
  await tx.update(refundNotes).set({ givenByName: leaver.erasedName }).where(eq(refundNotes.givenBy, leaver.id));
  const intents = await tx
    .update(paymentIntents)
    .set({ orderName: null, phoneNumber: null, address: null })
    .where(eq(paymentIntents.userId, leaver.id))
    .returning({ provider: paymentIntents.provider, providerIntentId: paymentIntents.providerIntentId });
  const sandboxIds = intents.filter((intent) => intent.provider === 'sandbox').map((i) => i.providerIntentId);
  if (sandboxIds.length > 0) {
    await tx
      .update(sandboxPaymentIntents)
      .set({
        metadata: sql`${sandboxPaymentIntents.metadata} - array[${sql.join(
          PERSONAL_METADATA.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]`,
      })
      .where(inArray(sandboxPaymentIntents.id, sandboxIds));
  }
  await tx.update(vendorPayments).set({ email: leaver.erasedEmail }).where(eq(vendorPayments.userId, leaver.id));
  if (leaver.isVendor) {
    const account = await payoutAccountRow(tx, leaver.id);
    if (account?.provider === 'sandbox') {
      await tx
        .update(sandboxConnectedAccounts)
        .set({ email: leaver.erasedEmail, accountHolder: null })
        .where(eq(sandboxConnectedAccounts.id, account.providerAccountId));
    }
  }
}
