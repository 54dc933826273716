import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ModerationDecision, ReportedReview, VendorReview, VendorReviewPage } from '#contract/moderation.ts';
import { type Page, type PageQuery, pageOf, pageOffset } from '#contract/pagination.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { products } from '../catalog/tables.ts';
import { users } from '../users/tables.ts';
import { comments } from './tables.ts';

type Caller = { id: string; roll: string };

const vendors = alias(users, 'vendors');

async function productOwnedBy(db: Tx, productId: string, caller: Caller) {
  const [product] = await db
    .select({ id: products.id, name: products.name, vendorId: products.vendorId })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound('Product');
  if (caller.roll !== 'admin' && product.vendorId !== caller.id) {
    throw forbidden('Only the shop that sells this product can see its reviews here');
  }
  return product;
}

/** The reviews of one of the vendor's products (removed ones left out), newest first. */
export async function listProductReviewsForVendor(
  db: Tx,
  productId: string,
  caller: Caller,
  query: PageQuery,
): Promise<VendorReviewPage> {
  const product = await productOwnedBy(db, productId, caller);
  const shown = and(eq(comments.productId, productId), ne(comments.status, 'removed'));
  const [{ total }] = await db.select({ total: count() }).from(comments).where(shown);
  const rows = await db
    .select({
      id: comments.id,
      commentDes: comments.commentDes,
      commenterName: users.name,
      rating: comments.rating,
      status: comments.status,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(shown)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.limit)
    .offset(pageOffset(query));
  const items: VendorReview[] = rows.map((r) => ({
    _id: r.id,
    productId,
    commentDes: r.commentDes,
    commenterName: r.commenterName,
    rating: r.rating,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...pageOf(items, total, query), productName: product.name };
}

/** The product's vendor sends a review to the moderation queue. Reporting twice changes nothing. */
export async function reportReview(db: Db, commentId: string, caller: Caller) {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ status: comments.status, vendorId: products.vendorId })
      .from(comments)
      .innerJoin(products, eq(products.id, comments.productId))
      .where(eq(comments.id, commentId))
      .for('update', { of: comments });
    if (!review) throw notFound('Review');
    if (review.vendorId !== caller.id) throw forbidden('Only the shop that sells this product can report its reviews');
    if (review.status === 'removed') throw conflict('This review has already been removed');
    if (review.status === 'reported') return { modifiedCount: 0, status: 'reported' as const };
    await tx.update(comments).set({ status: 'reported', reportedAt: new Date() }).where(eq(comments.id, commentId));
    return { modifiedCount: 1, status: 'reported' as const };
  });
}

/** Reported reviews, oldest report first, for the admin's queue. */
export async function listReportedReviews(db: Tx, query: PageQuery): Promise<Page<ReportedReview>> {
  const reported = eq(comments.status, 'reported');
  const [{ total }] = await db.select({ total: count() }).from(comments).where(reported);
  const rows = await db
    .select({
      id: comments.id,
      productId: comments.productId,
      productName: products.name,
      shopName: vendors.shopName,
      commentDes: comments.commentDes,
      commenterName: users.name,
      commenterEmail: users.email,
      rating: comments.rating,
      createdAt: comments.createdAt,
      reportedAt: comments.reportedAt,
    })
    .from(comments)
    .innerJoin(products, eq(products.id, comments.productId))
    .innerJoin(users, eq(users.id, comments.userId))
    .innerJoin(vendors, eq(vendors.id, products.vendorId))
    .where(reported)
    .orderBy(asc(comments.reportedAt), asc(comments.id))
    .limit(query.limit)
    .offset(pageOffset(query));
  const items = rows.map((r) => ({
    _id: r.id,
    productId: r.productId,
    productName: r.productName,
    shopName: r.shopName ?? '',
    commentDes: r.commentDes,
    commenterName: r.commenterName,
    commenterEmail: r.commenterEmail,
    rating: r.rating,
    createdAt: r.createdAt.toISOString(),
    reportedAt: (r.reportedAt ?? r.createdAt).toISOString(),
  }));
  return pageOf(items, total, query);
}

/** Keep puts a reported review back on the product page; remove takes it out of the list and the average. */
export async function moderateReview(db: Db, commentId: string, { action }: ModerationDecision) {
  const status = action === 'keep' ? ('visible' as const) : ('removed' as const);
  const updated = await db
    .update(comments)
    .set({ status })
    .where(and(eq(comments.id, commentId), eq(comments.status, 'reported')))
    .returning({ id: comments.id });
  if (updated.length === 0) {
    const [exists] = await db.select({ status: comments.status }).from(comments).where(eq(comments.id, commentId));
    if (!exists) throw notFound('Review');
    throw conflict('This review is not waiting for moderation');
  }
  return { modifiedCount: 1, status };
}
