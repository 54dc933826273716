import { eq, sql } from 'drizzle-orm';
import type { Review, ReviewInput, ReviewSummary } from '#contract/reviews.ts';
import type { Tx } from '../../db/client.ts';
import { comments, products } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';

type ReviewRow = {
  id: string;
  comment_des: string;
  product_id: string;
  commenter_name: string;
  commenter_photo: string | null;
  rating: number;
  shop_email: string;
  created_at: Date | string;
  verified_purchase: boolean;
};

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
    createdAt: new Date(row.created_at).toISOString(),
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
  return (result.rows as ReviewRow[]).map(toReview);
}

/** Count and average (floor of the mean, as the spec computes it) of a product's shown reviews. */
export async function reviewSummary(db: Tx, productId: string): Promise<ReviewSummary> {
  await assertProductExists(db, productId);
  const result = await db.execute(sql`
    SELECT count(*)::int AS n, coalesce(floor(avg(c.rating)), 0)::int AS average
    FROM comments c WHERE c.product_id = ${productId}::uuid AND ${SHOWN}`);
  const row = result.rows[0] as { n: number; average: number };
  return { productId, reviewCount: row.n, averageRating: row.average };
}

/** A signed-in shopper reviews a listed product; a vendor cannot review their own. */
export async function addReview(db: Tx, user: AuthUser, input: ReviewInput): Promise<Review> {
  const product = await assertProductExists(db, input.productId);
  if (!product.listed) throw notFound('Product');
  if (product.vendorId === user.id) throw forbidden('You cannot review your own product');
  const [row] = await db
    .insert(comments)
    .values({ productId: input.productId, userId: user.id, commentDes: input.commentDes, rating: input.rating })
    .returning({ id: comments.id });
  const result = await db.execute(sql`${REVIEW_SELECT} WHERE c.id = ${row.id}::uuid`);
  return toReview(result.rows[0] as ReviewRow);
}
