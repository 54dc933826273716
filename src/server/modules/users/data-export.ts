import { DATA_EXPORT_FORMAT, type DataExport } from '#contract/account-data.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { type Leaving, leaverOf } from './erasure.ts';
import { findActiveUserById } from './service.ts';

type Part = keyof Omit<DataExport, 'format' | 'exportedAt' | 'account'>;

/** What each part is when no module gave it (a customer has no shop, products, plans or statements). */
const EMPTY: Record<Part, unknown> = {
  orders: [],
  payments: [],
  reviews: [],
  favourites: { products: [], shops: [] },
  notifications: [],
  emailOptOuts: [],
  cart: { lines: [], slots: [], delivery: null },
  place: null,
  sessions: [],
  contactMessages: [],
  shop: null,
  products: null,
  subscriptionPlans: null,
  subscriptions: [],
  statements: null,
};

/**
 * `GET /users/me/data`: the account's own row (never the password hash or Google subject, which are credentials,
 * not data about the person) and each module's part, read in one repeatable-read snapshot.
 */
export async function exportData(db: Db, userId: string, leaving: Leaving, now: Date): Promise<DataExport> {
  const account = await findActiveUserById(db, userId);
  if (!account) throw notFound('The account');
  const leaver = leaverOf(account);
  const { passwordHash, googleSubject, tokenVersion, disabledAt, ...profile } = account;
  const parts = { ...EMPTY } as Record<Part, unknown>;
  await db.transaction(
    async (tx) => {
      for (const [name, read] of Object.entries(leaving.exportParts)) {
        if (name in EMPTY) parts[name as Part] = await read(tx, leaver);
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    format: DATA_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    account: { ...profile, signsInWithPassword: passwordHash !== null, signsInWithGoogle: googleSubject !== null },
    ...(parts as Omit<DataExport, 'format' | 'exportedAt' | 'account'>),
  };
}
