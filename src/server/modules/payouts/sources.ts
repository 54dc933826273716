import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Earnings, ShopPayout } from '#contract/admin-payouts.ts';
import type { Page, PageQuery } from '#contract/pagination.ts';
import type { CommissionInput, CommissionSettings, PayoutAccount, SandboxOnboardingInput } from '#contract/payouts.ts';
import type { Db, Tx } from '../../db/client.ts';

/** A period: from (included) to (excluded). */
export type Period = { from: Date; to: Date };

/** A shop's transfer in the payments' ledger, as the statements read it. */
export type LedgerTransfer = {
  orderId: string;
  createdAt: Date;
  succeededAt: Date | null;
  deliveryCents: number;
  commissionCents: number;
  amountCents: number;
  /** How its order's payment was taken: 'manual' when the card was only authorized at checkout (weighed goods). */
  captureMethod: string;
};

/** A refund after delivery taken back from one of the shop's transfers, as the statements read it. */
export type LedgerReversal = {
  orderId: string;
  createdAt: Date;
  succeededAt: Date | null;
  amountCents: number;
  commissionCents: number;
  taxCents: number;
};

/** The shop's ledger rows in a period (payments' shopLedgerIn). */
export type ShopLedger = { transfers: LedgerTransfer[]; reversals: LedgerReversal[] };

/**
 * One order line as a statement shows it: what the buyer paid for it (without tax), the commission on it, and the
 * tax on it, which the marketplace collects and remits (decision 028). The orders module reads them (soldLinesOf).
 */
export type SoldLine = {
  orderId: string;
  itemName: string;
  amount: number;
  grams: number | null;
  weighed: boolean;
  paidCents: number;
  commissionBps: number;
  taxBps: number;
  taxCents: number;
};

type Provider = FastifyInstance['payments']['active'];
type Shop = { id: string; email: string };
type OnboardingUrls = { returnUrl: string; refreshUrl: string };
type AccountAndDue = Promise<{ account: PayoutAccount; due: string[] }>;

/**
 * What the payout routes and statements read and do in payments and orders, passed in by app.ts: payments builds
 * on this module (a transfer asks it whether the shop can be paid) and orders on payments, so payouts imports
 * neither (decision 045). Each is the owner's function of the same name.
 */
export type PayoutSources = {
  commissionSettings: (db: Tx) => Promise<CommissionSettings>;
  setCommission: (db: Db, adminId: string, input: CommissionInput) => Promise<CommissionSettings>;
  payoutAccountOf: (db: Db, provider: Provider, shop: Shop, urls: OnboardingUrls) => AccountAndDue;
  connectPayoutAccount: (db: Db, provider: Provider, shop: Shop, urls: OnboardingUrls) => AccountAndDue;
  submitSandboxOnboarding: (
    db: Db,
    sandbox: FastifyInstance['payments']['sandbox'],
    shop: Shop,
    input: SandboxOnboardingInput,
  ) => Promise<string[]>;
  /** The admin's hold or release, and the payments' transfers it makes due. */
  setPayoutHold: (db: Db, shopId: string, held: boolean, adminId: string) => Promise<string[]>;
  sendPayouts: (
    db: Db,
    provider: Provider,
    ids: { transferIds?: string[] },
    options: { log: FastifyBaseLogger },
  ) => Promise<unknown>;
  earningsByMonth: (db: Tx, months: number) => Promise<Earnings>;
  shopPayoutsPage: (db: Tx, provider: string, query: PageQuery & { q: string }) => Promise<Page<ShopPayout>>;
  shopBalance: (
    db: Tx,
    shopId: string,
    month: Period,
  ) => Promise<{
    owedCents: number;
    onTheWayCents: number;
    paidCents: number;
    commissionCents: { total: number; thisMonth: number };
  }>;
  payoutMonths: (db: Tx, shopId: string, timeZone: string) => Promise<string[]>;
  /** The shop's transfers with what refunds took back, as a relation (payments' shopTransfersRelation). */
  shopTransfersRelation: (shopId: string) => SQL;
  shopLedgerIn: (db: Tx, shopId: string, period: Period) => Promise<ShopLedger>;
  unpaidAt: (db: Tx, shopId: string, at: Date) => Promise<number>;
  orderHeadsOf: (db: Tx, orderIds: string[]) => Promise<Map<string, { orderNumber: string; createdAt: Date }>>;
  orderNumbersOf: (db: Tx, orderIds: string[]) => Promise<Map<string, string>>;
  soldLinesOf: (db: Tx, shopId: string, recorded: LedgerTransfer[]) => Promise<SoldLine[]>;
};
