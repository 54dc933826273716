import { and, count, eq, getTableColumns, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import {
  type Coupon,
  type CouponKind,
  type CouponQuote,
  type CouponValues,
  couponDateProblems,
  couponMinOrderMessage,
  MIN_CHARGE_CENTS,
} from '#contract/coupons.ts';
import { centsToDollars, dollarsToCents, formatMoney } from '#contract/money.ts';
import { type PageQuery, pageOf } from '#contract/pagination.ts';
import { BUSINESS_ZONE } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { newestFirstPage } from '../../db/paging.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { coupons } from './tables.ts';

type CouponRow = typeof coupons.$inferSelect;

/**
 * A code works through the business day it expires on: it is stored as the next business day's midnight, the
 * first instant it stops working, and shown as its last valid day.
 */
const stopsAt = (lastDay: string) => sql`(${lastDay}::date + 1)::timestamp at time zone ${BUSINESS_ZONE}`;
/** A code that starts on a later day works from that business day's midnight. */
const startsAt = (firstDay: string) => sql`(${firstDay}::date)::timestamp at time zone ${BUSINESS_ZONE}`;
const couponColumns = {
  ...getTableColumns(coupons),
  firstDay: sql<string | null>`((${coupons.startsAt} at time zone ${BUSINESS_ZONE})::date)::text`,
  lastDay: sql<string | null>`((${coupons.expiresAt} at time zone ${BUSINESS_ZONE})::date - 1)::text`,
};

/** A coupon that cannot be used: 400 with the reason under the code field. */
function rejected(message: string) {
  return new AppError('VALIDATION', message, { code: message });
}

export const COUPON_MESSAGES = {
  unknown: 'This coupon code does not exist.',
  expired: 'This coupon has expired.',
  notYet: 'This coupon does not work yet.',
  usedUp: 'This coupon has been used up.',
} as const;

function isExpired(row: CouponRow, now = new Date()) {
  return row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
}
function isNotYet(row: CouponRow, now = new Date()) {
  return row.startsAt !== null && row.startsAt.getTime() > now.getTime();
}
function isUsedUp(row: CouponRow) {
  return row.usageLimit !== null && row.usedCount >= row.usageLimit;
}

/** The discount in cents; never brings the total below the smallest card charge. */
export function discountCents(kind: CouponKind, value: number, subtotal: number): number {
  const raw = kind === 'percent' ? Math.floor((subtotal * value + 50) / 100) : value;
  return Math.max(0, Math.min(raw, subtotal - MIN_CHARGE_CENTS));
}

function couponLabel(row: Pick<CouponRow, 'kind' | 'value'>) {
  return row.kind === 'percent' ? `${row.value}% off` : `${formatMoney(row.value)} off`;
}

/** Checks a code against a subtotal; throws the reason it cannot be used. */
function checkUsable(row: CouponRow | undefined, subtotal: number): CouponRow {
  if (!row) throw rejected(COUPON_MESSAGES.unknown);
  if (isExpired(row)) throw rejected(COUPON_MESSAGES.expired);
  if (isNotYet(row)) throw rejected(COUPON_MESSAGES.notYet);
  if (isUsedUp(row)) throw rejected(COUPON_MESSAGES.usedUp);
  if (row.minOrderCents !== null && subtotal < row.minOrderCents)
    throw rejected(couponMinOrderMessage(row.minOrderCents));
  return row;
}

async function findByCode(db: Tx, code: string) {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
  return row;
}

/** The discount a code gives on a subtotal (cents), or the reason it cannot be used. */
export async function quoteCoupon(db: Tx, code: string, subtotal: number) {
  const row = checkUsable(await findByCode(db, code), subtotal);
  const discount = discountCents(row.kind, row.value, subtotal);
  return { code: row.code, kind: row.kind, value: row.value, discount, description: couponLabel(row) };
}

export function toQuote(quote: Awaited<ReturnType<typeof quoteCoupon>>, subtotal: number): CouponQuote {
  return {
    code: quote.code,
    kind: quote.kind,
    value: quote.kind === 'percent' ? quote.value : centsToDollars(quote.value),
    subtotal: centsToDollars(subtotal),
    discount: centsToDollars(quote.discount),
    total: centsToDollars(subtotal - quote.discount),
    description: quote.description,
  };
}

/**
 * Uses a coupon once inside the checkout transaction. The guarded increment counts a use only while the
 * code is unexpired and under its limit, so concurrent checkouts can never exceed the usage limit.
 */
export async function redeemCoupon(tx: Tx, code: string, subtotal: number): Promise<number> {
  const row = checkUsable(await findByCode(tx, code), subtotal);
  const [used] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, row.id),
        or(isNull(coupons.usageLimit), lt(coupons.usedCount, coupons.usageLimit)),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, sql`now()`)),
        or(isNull(coupons.startsAt), lte(coupons.startsAt, sql`now()`)),
      ),
    )
    .returning({ id: coupons.id });
  if (!used) throw conflict(COUPON_MESSAGES.usedUp);
  return discountCents(row.kind, row.value, subtotal);
}

function couponState(row: CouponRow): Coupon['state'] {
  if (isExpired(row)) return 'expired';
  if (isUsedUp(row)) return 'used_up';
  return isNotYet(row) ? 'scheduled' : 'active';
}

function toCoupon(row: CouponRow & { firstDay: string | null; lastDay: string | null }): Coupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'percent' ? row.value : centsToDollars(row.value),
    minOrder: row.minOrderCents === null ? null : centsToDollars(row.minOrderCents),
    startsOn: row.firstDay,
    expiresOn: row.lastDay,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    state: couponState(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new code, its days checked against the business day `today`: neither in the past, the last not before the
 * first (400 with the field messages).
 */
export async function createCoupon(db: Db, adminId: string, input: CouponValues, today: string): Promise<Coupon> {
  const problems = couponDateProblems(input, today);
  const first = Object.values(problems)[0];
  if (first) throw new AppError('VALIDATION', first, problems);
  const [row] = await db
    .insert(coupons)
    .values({
      code: input.code,
      kind: input.kind,
      value: input.kind === 'percent' ? input.value : dollarsToCents(input.value),
      minOrderCents: input.minOrder === undefined ? null : dollarsToCents(input.minOrder),
      startsAt: input.startsOn && input.startsOn > today ? startsAt(input.startsOn) : null,
      expiresAt: input.expiresOn ? stopsAt(input.expiresOn) : null,
      usageLimit: input.usageLimit ?? null,
      createdBy: adminId,
    })
    .onConflictDoNothing({ target: coupons.code })
    .returning(couponColumns);
  if (!row) throw conflict(`A coupon with the code ${input.code} already exists`);
  return toCoupon(row);
}

export async function listCoupons(db: Db, query: PageQuery) {
  const [rows, [{ total }]] = await Promise.all([
    newestFirstPage(db.select(couponColumns).from(coupons).$dynamic(), coupons, query),
    db.select({ total: count() }).from(coupons),
  ]);
  return pageOf(rows.map(toCoupon), total, query);
}

/** Removes a code: it stops working at once; payments keep the code they used. Answers how many were removed (1). */
export async function deleteCoupon(db: Db, id: string): Promise<number> {
  const deleted = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  if (deleted.length === 0) throw notFound('Coupon');
  return deleted.length;
}
