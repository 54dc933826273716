import { z } from 'zod';
import { paginated } from './pagination.ts';
import { review } from './reviews.ts';

/** The product of GET /comments/product/{productId}/for-vendor. */
export const vendorReviewParams = z.object({ productId: z.uuid('Product id must be a UUID') });
/** The review a vendor reports or an admin decides on. */
export const reviewIdParams = z.object({ id: z.uuid('Review id must be a UUID') });

export const REVIEW_STATUSES = ['visible', 'reported', 'removed'] as const;

/** The fields every view of a review shares, as the public review (reviews.ts) defines them. */
const { _id, productId, commentDes, commenterName, rating, createdAt } = review.shape;

/** A review as the product's vendor sees it on review/{id}. */
export const vendorReview = z.object({
  _id,
  productId,
  commentDes,
  commenterName,
  rating,
  status: z.enum(REVIEW_STATUSES),
  createdAt,
});
export type VendorReview = z.infer<typeof vendorReview>;
export const vendorReviewPage = paginated(vendorReview).extend({ productName: z.string() });
export type VendorReviewPage = z.infer<typeof vendorReviewPage>;

export const reviewReported = z.object({ modifiedCount: z.number().int(), status: z.enum(REVIEW_STATUSES) });

/** A reported review waiting for an admin. */
export const reportedReview = z.object({
  _id,
  productId,
  productName: z.string(),
  shopName: z.string(),
  commentDes,
  commenterName,
  commenterEmail: z.string(),
  rating,
  createdAt,
  reportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReview>;
export const reportedReviewPage = paginated(reportedReview);

export const moderationDecision = z.object({
  action: z.enum(['keep', 'remove'], { error: 'Action must be keep or remove' }),
});
export type ModerationDecision = z.infer<typeof moderationDecision>;
export const moderationDone = z.object({ modifiedCount: z.number().int(), status: z.enum(REVIEW_STATUSES) });
