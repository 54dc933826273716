import { z } from 'zod';
import { REQUIRED, requiredText, uuidField } from './validation.ts';

/**
 * A visible review with the spec's fields; `verifiedPurchase` is true when the commenter bought the product. The spec's
 * shopEmail (the selling vendor's sign-in) is the shop's id instead (decision 050); strict, so a leak fails validation.
 */
export const review = z.strictObject({
  _id: z.string(),
  commentDes: z.string(),
  productId: z.string(),
  commenterName: z.string(),
  commenterPhoto: z.string().nullable(),
  rating: z.number().int(),
  /** The selling shop's id (its page is /shopDetails/{shopId}). */
  shopId: z.string(),
  createdAt: z.string(),
  verifiedPurchase: z.boolean(),
});
export type Review = z.infer<typeof review>;
export const reviewList = z.array(review);

export const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

/** POST /comments. The commenter, photo and shop come from the token and the product, never from the body. */
export const reviewInput = z.object({
  productId: uuidField('Not a product id'),
  commentDes: requiredText(2000, 'At most 2000 characters'),
  rating: z.number({ error: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
});
export type ReviewInput = z.infer<typeof reviewInput>;

/** The review form: same rules, the product comes from the page. */
export const reviewFormInput = reviewInput.omit({ productId: true });
export type ReviewFormValues = z.infer<typeof reviewFormInput>;

/** POST /comments answers 201 with a new review, or 200 when it edited the caller's existing review (same id). */
export const reviewCreated = z.object({ acknowledged: z.literal(true), insertedId: z.string(), review });

/** GET /comments/{productId}/mine: may the caller review the product, why not, and their review if any. */
export const myReview = z.object({
  canReview: z.boolean(),
  /** Why the caller may not review (shown instead of the form), else null. */
  reason: z.string().nullable(),
  review: review.nullable(),
});
export type MyReview = z.infer<typeof myReview>;

export const NOT_DELIVERED_MESSAGE = 'You can review this product once an order of it has been delivered to you';
export const OWN_PRODUCT_MESSAGE = 'You cannot review your own product';
export const REMOVED_REVIEW_MESSAGE = 'Your review of this product was removed by the moderators';
export const UPDATED_REVIEW_MESSAGE = 'Your review has been updated';

/** GET /comments/singleReview/{productId}: the rating summary of a product (average = floor of the mean). */
export const reviewSummary = z.object({
  productId: z.string(),
  reviewCount: z.number().int(),
  /** 0 when there are no reviews yet, else 1 to 5. */
  averageRating: z.number().int(),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const productIdParam = z.object({ productId: uuidField('Not a product id') });
export const SUCCESS_REVIEW_MESSAGE = 'Successfully added your comments';
export { REQUIRED };
