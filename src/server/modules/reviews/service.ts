import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
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
import { parseRows } from '../../db/rows.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { productNames, productOwner } from '../catalog/index.ts';
import { buyersOf, hasDeliveredPurchase } from '../orders/index.ts';
import { accountsByIds } from '../users/index.ts';
import { comments } from './tables.ts';

type CommentRow = Pick<
  typeof comments.$inferSelect,
  'id' | 'commentDes' | 'productId' | 'userId' | 'rating' | 'createdAt'
>;

const commentColumns = {
  id: comments.id,
  commentDes: comments.commentDes,
  productId: comments.productId,
  userId: comments.userId,
  rating: comments.rating,
  createdAt: comments.createdAt,
};

/** Reviews shoppers may read: removed ones (by moderation) never show and never count. */
const shown = ne(comments.status, 'removed');

/**
 * The reviews as shoppers read them: the commenter's name and photo, the selling shop's id, and whether
 * the commenter bought the product (one query each to the catalog, the orders and the accounts).
 */
async function toReviews(db: Tx, rows: CommentRow[]): Promise<Review[]> {
  const productIds = rows.map((row) => row.productId);
  const [products, buyers] = await Promise.all([productNames(db, productIds), buyersOf(db, productIds)]);
  const people = await accountsByIds(
    db,
    rows.map((row) => row.userId),
  );
  return rows.map((row) => {
    const commenter = people.get(row.userId);
    const vendorId = products.get(row.productId)?.vendorId;
    return {
      _id: row.id,
      commentDes: row.commentDes,
      productId: row.productId,
      commenterName: commenter?.name ?? '',
      commenterPhoto: commenter?.photoUrl ?? null,
      rating: row.rating,
      shopId: vendorId ?? '',
      createdAt: row.createdAt.toISOString(),
      verifiedPurchase: buyers.get(row.productId)?.has(row.userId) ?? false,
    };
  });
}

async function assertProductExists(db: Tx, productId: string) {
  const product = await productOwner(db, productId);
  if (!product) throw notFound('Product');
  return product;
}

/** A product's reviews, newest first, each marked when the commenter bought the product. */
export async function listReviews(db: Tx, productId: string): Promise<Review[]> {
  await assertProductExists(db, productId);
  const rows = await db
    .select(commentColumns)
    .from(comments)
    .where(and(eq(comments.productId, productId), shown))
    .orderBy(desc(comments.createdAt), asc(comments.id));
  return toReviews(db, rows);
}

/**
 * Count and average (floor of the mean, as the spec computes it) of the product's shown reviews, as a relation of
 * one row (review_count, average_rating) that another statement can join (the product page's).
 */
export function reviewSummaryOf(productId: SQL): SQL {
  return sql`(SELECT count(*)::int AS review_count, coalesce(floor(avg(${comments.rating})), 0)::int AS average_rating
    FROM ${comments} WHERE ${comments.productId} = ${productId} AND ${shown})`;
}

export async function reviewSummary(db: Tx, productId: string): Promise<ReviewSummary> {
  await assertProductExists(db, productId);
  const { rows } = await db.execute(sql`SELECT * FROM ${reviewSummaryOf(sql`${productId}::uuid`)} summary`);
  const [row] = parseRows(z.object({ review_count: z.number(), average_rating: z.number() }), rows);
  return { productId, reviewCount: row.review_count, averageRating: row.average_rating };
}

type Standing = { vendorId: string; delivered: boolean; review: { id: string; status: string } | undefined };

/** The product as `userId` may review it: its vendor, whether it was delivered to them, and their review. */
async function standingOf(db: Tx, productId: string, userId: string): Promise<Standing> {
  const product = await productOwner(db, productId);
  if (!product?.listed) throw notFound('Product');
  const [[review], delivered] = await Promise.all([
    db
      .select({ id: comments.id, status: comments.status })
      .from(comments)
      .where(and(eq(comments.productId, productId), eq(comments.userId, userId))),
    hasDeliveredPurchase(db, userId, productId),
  ]);
  return { vendorId: product.vendorId, delivered, review };
}

/** Why `userId` may not review the product, or null: only a buyer it was delivered to, once (editable). */
function refusal(standing: Standing, userId: string): string | null {
  if (standing.vendorId === userId) return OWN_PRODUCT_MESSAGE;
  if (standing.review?.status === 'removed') return REMOVED_REVIEW_MESSAGE;
  if (!standing.delivered) return NOT_DELIVERED_MESSAGE;
  return null;
}

async function reviewById(db: Tx, id: string): Promise<Review> {
  const [review] = await toReviews(db, await db.select(commentColumns).from(comments).where(eq(comments.id, id)));
  return review;
}

/** Whether the signed-in user may review a listed product, why not, and their own (not removed) review. */
export async function myReview(db: Tx, user: AuthUser, productId: string): Promise<MyReview> {
  const standing = await standingOf(db, productId, user.id);
  const reason = refusal(standing, user.id);
  const own = standing.review?.status === 'removed' ? undefined : standing.review;
  return { canReview: reason === null, reason, review: own ? await reviewById(db, own.id) : null };
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
  const [{ n }] = await db.select({ n: count() }).from(comments).where(shown);
  return n;
}

export type ReviewRecord = { productId: string; userId: string; commentDes: string; rating: number; createdAt?: Date };

/** Writes reviews as they are given, with no purchase check (the demo data's reviews). */
export async function recordReviews(db: Tx, reviews: ReviewRecord[]): Promise<void> {
  if (reviews.length > 0) await db.insert(comments).values(reviews);
}
