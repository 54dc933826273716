import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SANDBOX_TEST_BANK, type SandboxOnboardingInput } from '#contract/payouts.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { PaymentProvider, ProviderPayoutAccount } from './provider.ts';
import type { SandboxJournal } from './sandbox-journal.ts';
import {
  sandboxConnectedAccounts,
  sandboxPaymentIntents,
  sandboxTransferReversals,
  sandboxTransfers,
} from './tables.ts';

type AccountRow = typeof sandboxConnectedAccounts.$inferSelect;
const toAccount = (row: AccountRow): ProviderPayoutAccount => ({ id: row.id, payoutsEnabled: row.detailsSubmitted });
const newId = (prefix: string) => `${prefix}_sb_${randomBytes(12).toString('hex')}`;

/**
 * The sandbox's Connect: accounts onboarded with Stripe's test bank details, transfers from a paid sandbox intent
 * and their reversals, kept in the database like Stripe keeps them, idempotent by key. No real money moves.
 */
export function createSandboxPayouts(db: Db, journal: SandboxJournal) {
  const payouts: Pick<
    PaymentProvider,
    'createPayoutAccount' | 'retrievePayoutAccount' | 'onboardingLink' | 'transfer' | 'reverseTransfer'
  > & { submitBankDetails(accountId: string, input: SandboxOnboardingInput): Promise<ProviderPayoutAccount> } = {
    async createPayoutAccount({ email }) {
      const [row] = await db
        .insert(sandboxConnectedAccounts)
        .values({ id: newId('acct'), email })
        .returning();
      await journal.record('accounts', row);
      return toAccount(row);
    },

    async retrievePayoutAccount(id) {
      const [row] = await db.select().from(sandboxConnectedAccounts).where(eq(sandboxConnectedAccounts.id, id));
      return row ? toAccount(row) : null;
    },

    // The sandbox's onboarding form is on the app's own Payouts page.
    async onboardingLink(_accountId, { returnUrl }) {
      return returnUrl;
    },

    /** What Stripe's hosted onboarding does: checks the bank details, then the account can be paid out. */
    async submitBankDetails(accountId, input) {
      const test = SANDBOX_TEST_BANK;
      if (input.routingNumber !== test.routingNumber || input.accountNumber !== test.accountNumber) {
        throw badRequest('The sandbox only accepts Stripe’s test bank account', {
          accountNumber: `Use the test account ${test.accountNumber} with routing number ${test.routingNumber}`,
        });
      }
      const [row] = await db
        .update(sandboxConnectedAccounts)
        .set({
          accountHolder: input.accountHolder,
          routingNumber: input.routingNumber,
          accountLast4: input.accountNumber.slice(-4),
          detailsSubmitted: true,
        })
        .where(eq(sandboxConnectedAccounts.id, accountId))
        .returning();
      if (!row) throw notFound('Payout account');
      await journal.record('accounts', row);
      return toAccount(row);
    },

    async transfer({ amountCents, destination, sourceTransaction, idempotencyKey, metadata }) {
      const [done] = await db
        .select()
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey));
      if (done) {
        if (done.amountCents !== amountCents || done.destination !== destination) {
          throw conflict('This transfer key was used with other parameters');
        }
        return { transferId: done.id };
      }
      const [account] = await db
        .select()
        .from(sandboxConnectedAccounts)
        .where(eq(sandboxConnectedAccounts.id, destination));
      if (!account) throw notFound('Connected account');
      if (!account.detailsSubmitted) throw conflict('This account cannot receive transfers until it is onboarded');
      const [charge] = await db
        .select({ status: sandboxPaymentIntents.status })
        .from(sandboxPaymentIntents)
        .where(eq(sandboxPaymentIntents.id, sourceTransaction));
      if (charge?.status !== 'succeeded') throw conflict(`No such charge: '${sourceTransaction}'`);
      const [row] = await db
        .insert(sandboxTransfers)
        .values({ id: newId('tr'), destination, sourceTransaction, amountCents, idempotencyKey, metadata })
        .onConflictDoNothing()
        .returning();
      if (row) {
        await journal.record('transfers', row);
        return { transferId: row.id };
      }
      return payouts.transfer({ amountCents, destination, sourceTransaction, idempotencyKey, metadata });
    },

    async reverseTransfer(transferId, { amountCents, idempotencyKey }) {
      const made = await db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(sandboxTransfers)
          .where(eq(sandboxTransfers.id, transferId))
          .for('update');
        if (!transfer) throw notFound('Transfer');
        const [done] = await tx
          .select()
          .from(sandboxTransferReversals)
          .where(eq(sandboxTransferReversals.idempotencyKey, idempotencyKey));
        if (done) return { reversalId: done.id, rows: null };
        const reversed = transfer.amountReversedCents + amountCents;
        if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || reversed > transfer.amountCents) {
          throw conflict('The reversal is larger than what is left of the transfer');
        }
        const id = newId('trr');
        const [reversal] = await tx
          .insert(sandboxTransferReversals)
          .values({ id, transferId, amountCents, idempotencyKey })
          .returning();
        const [after] = await tx
          .update(sandboxTransfers)
          .set({ amountReversedCents: reversed })
          .where(eq(sandboxTransfers.id, transferId))
          .returning();
        return { reversalId: id, rows: { reversal, after } };
      });
      if (made.rows) {
        await journal.record('transfers', made.rows.after);
        await journal.record('reversals', made.rows.reversal);
      }
      return { reversalId: made.reversalId };
    },
  };
  return payouts;
}
