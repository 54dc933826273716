import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { ModerationDecision, ReportedReview, VendorReview, VendorReviewPage } from '#contract/moderation.ts';
import { type Page, type PageQuery, pageOf, pageOffset } from '#contract/pagination.ts';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { productNames, productOwner } from '../catalog/index.ts';
import { shopsByVendorIds } from '../shops/index.ts';
import { accountsByIds } from '../users/index.ts';
import { tellAdminsOfReport } from './report-notice.ts';
import { comments } from './tables.ts';

type Caller = { id: string; role: string };

async function productOwnedBy(db: Tx, productId: string, caller: Caller) {
  const product = await productOwner(db, productId);
  if (!product) throw notFound('Product');
  if (caller.role !== 'admin' && product.vendorId !== caller.id) {
    throw forbidden('Only the shop that sells this product can see its reviews here');
  }
  return product;
}

/** One page of the reviews `where` picks, in `order`, and how many it picks. */
async function commentPage(db: Tx, where: SQL | undefined, order: SQL[], query: PageQuery) {
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(comments).where(where),
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(pageOffset(query)),
  ]);
  return { total, rows };
}

const userIdsOf = (rows: { userId: string }[]) => rows.map((row) => row.userId);

/** The reviews of one of the vendor's products (removed ones left out), newest first. */
export async function listProductReviewsForVendor(
  db: Tx,
  productId: string,
  caller: Caller,
  query: PageQuery,
): Promise<VendorReviewPage> {
  const product = await productOwnedBy(db, productId, caller);
  const shown = and(eq(comments.productId, productId), ne(comments.status, 'removed'));
  const { total, rows } = await commentPage(db, shown, [desc(comments.createdAt), desc(comments.id)], query);
  const commenters = await accountsByIds(db, userIdsOf(rows));
  const items: VendorReview[] = rows.map((r) => ({
    _id: r.id,
    productId,
    commentDes: r.commentDes,
    commenterName: commenters.get(r.userId)?.name ?? '',
    rating: r.rating,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
  return { ...pageOf(items, total, query), productName: product.name };
}

/** The product's vendor sends a review to the moderation queue. Reporting twice changes nothing (changed 0). */
export async function reportReview(db: Db, commentId: string, caller: Caller) {
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({ status: comments.status, productId: comments.productId })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!review) throw notFound('Review');
    const product = await productOwner(tx, review.productId);
    if (product?.vendorId !== caller.id) {
      throw forbidden('Only the shop that sells this product can report its reviews');
    }
    if (review.status === 'removed') throw conflict('This review has already been removed');
    if (review.status === 'reported') return { changed: 0, status: 'reported' as const };
    await tx.update(comments).set({ status: 'reported', reportedAt: new Date() }).where(eq(comments.id, commentId));
    await tellAdminsOfReport(db, tx, { id: commentId, productName: product.name });
    return { changed: 1, status: 'reported' as const };
  });
}

/** Reported reviews, oldest report first, for the admin's queue. */
export async function listReportedReviews(db: Tx, query: PageQuery): Promise<Page<ReportedReview>> {
  const reported = eq(comments.status, 'reported');
  const { total, rows } = await commentPage(db, reported, [asc(comments.reportedAt), asc(comments.id)], query);
  const [products, commenters] = await Promise.all([
    productNames(
      db,
      rows.map((r) => r.productId),
    ),
    accountsByIds(db, userIdsOf(rows)),
  ]);
  const shops = await shopsByVendorIds(
    db,
    [...products.values()].map((p) => p.vendorId),
  );
  const items = rows.map((r) => {
    const product = products.get(r.productId);
    const commenter = commenters.get(r.userId);
    return {
      _id: r.id,
      productId: r.productId,
      productName: product?.name ?? '',
      shopName: (product && shops.get(product.vendorId)?.name) ?? '',
      commentDes: r.commentDes,
      commenterName: commenter?.name ?? '',
      commenterEmail: commenter?.email ?? '',
      rating: r.rating,
      createdAt: r.createdAt.toISOString(),
      reportedAt: (r.reportedAt ?? r.createdAt).toISOString(),
    };
  });
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
  return { changed: 1, status };
}
