import type { PayoutAccount, SandboxOnboardingInput } from '#contract/payouts.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import {
  payoutAccountRow as accountOf,
  isHeld,
  savePayoutAccount,
  verifyPayoutAccount,
  writePayoutHold,
} from '../payouts/index.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { releaseWaitingTransfers } from './transfers.ts';

type Shop = { id: string; email: string };
/** Where Stripe's onboarding sends the vendor back: the Payouts page (refresh: the link had expired). */
export type OnboardingUrls = { returnUrl: string; refreshUrl: string };

/**
 * Reads a payout account back from the provider and records what it says: once the shop can be paid out it is
 * verified, and its transfers that waited for it are due (unless the admin holds the shop). The webhook
 * (account.updated), the sandbox's onboarding form and the vendor's return from onboarding all come here.
 * Answers the transfers now due, to send after this returns.
 */
export async function syncPayoutAccount(db: Db, provider: PaymentProvider, providerAccountId: string) {
  const remote = await provider.retrievePayoutAccount(providerAccountId);
  if (!remote?.payoutsEnabled) return [];
  return db.transaction(async (tx) => {
    const shopId = await verifyPayoutAccount(tx, provider.name, providerAccountId);
    return shopId ? releaseWaitingTransfers(tx, shopId) : [];
  });
}

/** The shop's payout account as its vendor sees it (read back from the provider while onboarding is unfinished). */
export async function payoutAccountOf(
  db: Db,
  provider: PaymentProvider,
  shop: Shop,
  urls: OnboardingUrls,
): Promise<{ account: PayoutAccount; due: string[] }> {
  let row = await accountOf(db, shop.id);
  let due: string[] = [];
  if (row?.status === 'pending' && row.provider === provider.name) {
    due = await syncPayoutAccount(db, provider, row.providerAccountId);
    row = await accountOf(db, shop.id);
  }
  const held = await isHeld(db, shop.id);
  const status = row && row.provider === provider.name ? row.status : 'none';
  const onboardingUrl = row && status === 'pending' ? await provider.onboardingLink(row.providerAccountId, urls) : null;
  return { account: { provider: provider.name, status, held, onboardingUrl }, due };
}

/** Opens the shop's payout account with the provider, once (a second call answers the same account). */
export async function connectPayoutAccount(db: Db, provider: PaymentProvider, shop: Shop, urls: OnboardingUrls) {
  const existing = await accountOf(db, shop.id);
  if (!existing || existing.provider !== provider.name) {
    const remote = await provider.createPayoutAccount({ email: shop.email, shopId: shop.id });
    await savePayoutAccount(db, shop.id, provider.name, remote.id);
  }
  return payoutAccountOf(db, provider, shop, urls);
}

/** The sandbox's onboarding form: the shop's test bank details, then the account is read back like any other. */
export async function submitSandboxOnboarding(
  db: Db,
  sandbox: SandboxProvider,
  shop: Shop,
  input: SandboxOnboardingInput,
) {
  const row = await accountOf(db, shop.id);
  if (row?.provider !== 'sandbox') throw notFound('Sandbox payout account');
  await sandbox.submitBankDetails(row.providerAccountId, input);
  return syncPayoutAccount(db, sandbox, row.providerAccountId);
}

/**
 * The admin holds the shop's payouts, or releases them: a release makes its transfers that waited due (unless its
 * account cannot be paid yet). Answers the transfers now due, to send after this returns.
 */
export async function setPayoutHold(db: Db, shopId: string, held: boolean, adminId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    await writePayoutHold(tx, shopId, held, adminId);
    return held ? [] : releaseWaitingTransfers(tx, shopId);
  });
}
