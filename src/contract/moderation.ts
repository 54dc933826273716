import { z } from 'zod';
import { paginated } from './pagination.ts';

/** The product of GET /comments/product/{productId}/for-vendor. */
export const vendorReviewParams = z.object({ productId: z.uuid('Product id must be a UUID') });
/** The review a vendor reports or an admin decides on. */
export const reviewIdParams = z.object({ id: z.uuid('Review id must be a UUID') });

export const REVIEW_STATUSES = ['visible', 'reported', 'removed'] as const;

/** A review as the product's vendor sees it on review/{id}. */
export const vendorReview = z.object({
  _id: z.string(),
  productId: z.string(),
  commentDes: z.string(),
  commenterName: z.string(),
  rating: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
});
export type VendorReview = z.infer<typeof vendorReview>;
export const vendorReviewPage = paginated(vendorReview).extend({ productName: z.string() });
export type VendorReviewPage = z.infer<typeof vendorReviewPage>;

export const reviewReported = z.object({ modifiedCount: z.number().int(), status: z.enum(REVIEW_STATUSES) });

/** A reported review waiting for an admin. */
export const reportedReview = z.object({
  _id: z.string(),
  productId: z.string(),
  productName: z.string(),
  shopName: z.string(),
  commentDes: z.string(),
  commenterName: z.string(),
  commenterEmail: z.string(),
  rating: z.number().int(),
  createdAt: z.string(),
  reportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReview>;
export const reportedReviewPage = paginated(reportedReview);
export type ReportedReviewPage = z.infer<typeof reportedReviewPage>;

export const moderationDecision = z.object({
  action: z.enum(['keep', 'remove'], { error: 'Action must be keep or remove' }),
});
export type ModerationDecision = z.infer<typeof moderationDecision>;
export const moderationDone = z.object({ modifiedCount: z.number().int(), status: z.enum(REVIEW_STATUSES) });
