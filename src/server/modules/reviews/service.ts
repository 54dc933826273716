import { count, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  type MyReview,
  NOT_DELIVERED_MESSAGE,
  OWN_PRODUCT_MESSAGE,
  REMOVED_REVIEW_MESSAGE,
  type Review,
  type ReviewInput,
  type ReviewSummary,
} from '#contract/reviews.ts';
import type { Tx } from '../../db/client.ts';
import { parseFirst, parseRows, timestampColumn } from '../../db/rows.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { products } from '../catalog/tables.ts';
import { comments } from './tables.ts';

const reviewRow = z.object({
  id: z.string(),
  comment_des: z.string(),
  product_id: z.string(),
  commenter_name: z.string(),
  commenter_photo: z.string().nullable(),
  rating: z.number(),
  shop_email: z.string(),
  created_at: timestampColumn,
  verified_purchase: z.boolean(),
});
type ReviewRow = z.infer<typeof reviewRow>;

/** Reviews shoppers may read: removed ones (by moderation) never show and never count. */
const SHOWN = sql`c.status <> 'removed'`;

const REVIEW_SELECT = sql`
  SELECT c.id, c.comment_des, c.product_id, c.rating, c.created_at,
    cu.name AS commenter_name, cu.photo_url AS commenter_photo, v.email AS shop_email,
    EXISTS (
      SELECT 1 FROM order_lines ol JOIN orders o ON o.id = ol.order_id
      WHERE ol.product_id = c.product_id AND o.user_id = c.user_id
    ) AS verified_purchase
  FROM comments c
  JOIN users cu ON cu.id = c.user_id
  JOIN products p ON p.id = c.product_id
  JOIN users v ON v.id = p.vendor_id`;

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    commentDes: row.comment_des,
    productId: row.product_id,
    commenterName: row.commenter_name,
    commenterPhoto: row.commenter_photo,
    rating: row.rating,
    shopEmail: row.shop_email,
    createdAt: row.created_at.toISOString(),
    verifiedPurchase: row.verified_purchase,
  };
}

async function assertProductExists(db: Tx, productId: string) {
  const [row] = await db
    .select({ vendorId: products.vendorId, listed: products.listed })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound('Product');
  return row;
}

/** A product's reviews, newest first, each marked when the commenter bought the product. */
export async function listReviews(db: Tx, productId: string): Promise<Review[]> {
  await assertProductExists(db, productId);
  const result = await db.execute(sql`
    ${REVIEW_SELECT} WHERE c.product_id = ${productId}::uuid AND ${SHOWN}
    ORDER BY c.created_at DESC, c.id`);
  return parseRows(reviewRow, result.rows).map(toReview);
}

/** Count and average (floor of the mean, as the spec computes it) of a product's shown reviews. */
export async function reviewSummary(db: Tx, productId: string): Promise<ReviewSummary> {
  await assertProductExists(db, productId);
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, coalesce(floor(avg(c.rating)), 0)::int AS average
    FROM comments c WHERE c.product_id = ${productId}::uuid AND ${SHOWN}`);
  const [row] = parseRows(z.object({ n: z.number(), average: z.number() }), result.rows);
  return { productId, reviewCount: row.n, averageRating: row.average };
}

const standing = z.object({
  vendor_id: z.string(),
  listed: z.boolean(),
  delivered: z.boolean(),
  review_id: z.string().nullable(),
  review_status: z.string().nullable(),
});
type Standing = z.infer<typeof standing>;

/** The product as `userId` may review it: its vendor, whether it was delivered to them, and their review. */
async function standingOf(db: Tx, productId: string, userId: string): Promise<Standing> {
  const result = await db.execute(sql`
    SELECT p.vendor_id, p.listed, c.id AS review_id, c.status AS review_status,
      EXISTS (
        SELECT 1 FROM order_lines ol JOIN orders o ON o.id = ol.order_id
        WHERE ol.product_id = p.id AND o.user_id = ${userId}::uuid AND ol.status = 'delivered'
      ) AS delivered
    FROM products p
    LEFT JOIN comments c ON c.product_id = p.id AND c.user_id = ${userId}::uuid
    WHERE p.id = ${productId}::uuid`);
  const row = parseFirst(standing, result.rows);
  if (!row?.listed) throw notFound('Product');
  return row;
}

/** Why `userId` may not review the product, or null: only a buyer it was delivered to, once (editable). */
function refusal(standing: Standing, userId: string): string | null {
  if (standing.vendor_id === userId) return OWN_PRODUCT_MESSAGE;
  if (standing.review_status === 'removed') return REMOVED_REVIEW_MESSAGE;
  if (!standing.delivered) return NOT_DELIVERED_MESSAGE;
  return null;
}

async function reviewById(db: Tx, id: string): Promise<Review> {
  const result = await db.execute(sql`${REVIEW_SELECT} WHERE c.id = ${id}::uuid`);
  const [row] = parseRows(reviewRow, result.rows);
  return toReview(row);
}

/** Whether the signed-in user may review a listed product, why not, and their own (not removed) review. */
export async function myReview(db: Tx, user: AuthUser, productId: string): Promise<MyReview> {
  const standing = await standingOf(db, productId, user.id);
  const reason = refusal(standing, user.id);
  const shown = standing.review_id && standing.review_status !== 'removed';
  return { canReview: reason === null, reason, review: shown ? await reviewById(db, standing.review_id!) : null };
}

/**
 * A buyer reviews a listed product that was delivered to them; their next post edits that review (one per buyer
 * and product, held by a unique index, so concurrent first posts make one review). A reported review stays in
 * the moderation queue when edited; a removed one cannot be posted again. `created` is false for an edit.
 */
export async function addReview(
  db: Tx,
  user: AuthUser,
  input: ReviewInput,
): Promise<{ review: Review; created: boolean }> {
  const reason = refusal(await standingOf(db, input.productId, user.id), user.id);
  if (reason) throw forbidden(reason);
  const [row] = await db
    .insert(comments)
    .values({ productId: input.productId, userId: user.id, commentDes: input.commentDes, rating: input.rating })
    .onConflictDoUpdate({
      target: [comments.productId, comments.userId],
      set: { commentDes: input.commentDes, rating: input.rating },
      setWhere: sql`${comments.status} <> 'removed'`,
    })
    // xmax is 0 on a row this statement inserted, and set on a row it updated.
    .returning({ id: comments.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw forbidden(REMOVED_REVIEW_MESSAGE);
  return { review: await reviewById(db, row.id), created: row.created };
}

/** How many reviews shoppers can read (all but those removed by moderation): the admin's "comments" figure. */
export async function countShownReviews(db: Tx): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(comments).where(ne(comments.status, 'removed'));
  return n;
}

export type ReviewRecord = { productId: string; userId: string; commentDes: string; rating: number; createdAt?: Date };

/** Writes reviews as they are given, with no purchase check (the demo data's reviews). */
export async function recordReviews(db: Tx, reviews: ReviewRecord[]): Promise<void> {
  if (reviews.length > 0) await db.insert(comments).values(reviews);
}
