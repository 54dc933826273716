import { z } from 'zod';

/**
 * What a vendor sees of its own payouts (decision 026): the balance owed, on the way and paid, the commission taken,
 * its transfers with their orders, and monthly statements. Amounts in dollars.
 */

/** GET /payouts/balance */
export const payoutBalance = z.object({
  /** Delivered parts whose transfer waits: no verified account, a hold, or a transfer that failed for good. */
  owed: z.number(),
  /** Transfers being sent to the shop's account. */
  onTheWay: z.number(),
  /** Sent to the shop's account, less what refunds took back. */
  paid: z.number(),
  /** The marketplace's commission on the shop's delivered parts, less what refunds gave back. */
  commission: z.object({ thisMonth: z.number(), total: z.number() }),
});
export type PayoutBalance = z.infer<typeof payoutBalance>;

export const TRANSFER_STATES = ['owed', 'on_the_way', 'paid'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** One transfer: a shop's delivered part of one order. */
export const shopTransfer = z.object({
  _id: z.string(),
  orderId: z.string(),
  /** The order's FS- number, as the shop's order list and packing slips show it. */
  orderNumber: z.string(),
  orderDate: z.string(),
  /** When the part was delivered or picked up (the transfer was recorded). */
  deliveredAt: z.string(),
  goods: z.number(),
  delivery: z.number(),
  commission: z.number(),
  /** Taken back from this transfer by refunds after delivery. */
  reversed: z.number(),
  /** goods + delivery − commission − reversed */
  amount: z.number(),
  state: z.enum(TRANSFER_STATES),
  sentAt: z.string().nullable(),
});
export type ShopTransfer = z.infer<typeof shopTransfer>;

/** GET /payouts/transfers?cursor= : newest first; `nextCursor` is null on the last page. */
export const shopTransfersQuery = z.object({
  cursor: z
    .string()
    .trim()
    .max(200, 'This cursor is not one this list gave')
    .regex(/^[\w-]+$/, 'This cursor is not one this list gave')
    .optional(),
});
export const shopTransfersPage = z.object({ items: z.array(shopTransfer), nextCursor: z.string().nullable() });
export type ShopTransfersPage = z.infer<typeof shopTransfersPage>;

/** GET /payouts/statements: the calendar months (in the marketplace's time zone) the shop has payouts activity in. */
export const statementMonths = z.object({ months: z.array(z.string()), timeZone: z.string() });

export const STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export const statementParams = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-11 (year, then month 01 to 12)')
    .refine((month) => Number(month.slice(0, 4)) >= 2000, 'Statements start in the year 2000'),
  format: z.enum(STATEMENT_FORMATS, { error: 'Format must be csv or pdf' }),
});
