import type { ModerationDecision } from '#contract/moderation.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { adminStatsKey } from './get-admin-stats.ts';
import { reportedReviewsKey } from './get-reported-reviews.ts';

export function moderateReview(reviewId: string, action: ModerationDecision['action']) {
  return call('POST /moderation/reviews/:id', { params: { id: reviewId }, body: { action } });
}

/** Keeps or removes a reported review; the queue and the comment count refresh. */
export function useModerateReview() {
  return useRefreshingMutation(
    ({ reviewId, action }: { reviewId: string; action: ModerationDecision['action'] }) =>
      moderateReview(reviewId, action),
    [reportedReviewsKey, adminStatsKey],
  );
}
