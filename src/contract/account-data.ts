import { z } from 'zod';

/**
 * Leaving with one's data (issue 31, item 4; docs/privacy.md): the export's shape and the deletion's confirmation.
 */

/** The export's format name and version: a new version when a part changes its meaning (fields may be added). */
export const DATA_EXPORT_FORMAT = 'farmstall-export/1';

/** What an erased account is called from then on (its reviews, its old orders): by its role when it left. */
export const ERASED_NAMES = {
  customer: 'Former customer',
  vendor: 'Former vendor',
  admin: 'Former admin',
} as const;

/** The domain of an erased account's placeholder e-mail (`erased-<uuid>@erased.invalid`: never deliverable). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';

/** The page's words when the account is gone: it is signed out and shows this. */
export const ACCOUNT_DELETED = 'Your account is deleted and your personal data erased. Thank you for shopping with us.';

/**
 * `DELETE /users/me`: the password again; an account without one (signed up with Google) types its e-mail instead.
 */
export const leaveInput = z.object({
  password: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
});
export type LeaveInput = z.infer<typeof leaveInput>;

export const WRONG_PASSWORD = 'That is not your password. Your account was not deleted.';
export const WRONG_EMAIL = 'Type your account’s e-mail exactly to confirm. Your account was not deleted.';

/**
 * A 409's `fields` when the account cannot close yet: what remains, one sentence each, keyed by what it is
 * (`shopOrders`, `balance`, `lastAdmin`).
 */
export type LeavingRemains = Record<string, string>;

export const accountDeleted = z.object({ deleted: z.literal(true), message: z.string() });

const rows = z.array(z.record(z.string(), z.unknown()));

/**
 * `GET /users/me/data`: everything the marketplace keeps about the caller, as rows (money in cents, times in ISO
 * 8601). Every part is present (empty when the caller has none); a customer's `shop`, `products`,
 * `subscriptionPlans` and `statements` are null. The parts are listed in docs/privacy.md.
 */
export const dataExport = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  orders: rows,
  payments: rows,
  reviews: rows,
  favourites: z.object({ products: rows, shops: rows }),
  notifications: rows,
  emailOptOuts: rows,
  cart: z.object({ lines: rows, slots: rows, delivery: z.record(z.string(), z.unknown()).nullable() }),
  place: z.record(z.string(), z.unknown()).nullable(),
  sessions: rows,
  contactMessages: rows,
  shop: z.record(z.string(), z.unknown()).nullable(),
  products: rows.nullable(),
  /** A vendor's subscription plans with their items and windows (decision 065). */
  subscriptionPlans: rows.nullable(),
  /** The shopper's subscriptions to plans, each with its deliveries (issue 37). */
  subscriptions: rows,
  statements: rows.nullable(),
});
export type DataExport = z.infer<typeof dataExport>;
