import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationDecision } from '#contract/moderation.ts';
import { api } from '../../api/client.ts';
import { adminStatsKey } from './get-admin-stats.ts';
import { reportedReviewsKey } from './get-reported-reviews.ts';

type Done = { modifiedCount: number; status: 'visible' | 'reported' | 'removed' };

export function moderateReview(reviewId: string, action: ModerationDecision['action']) {
  return api<Done>(`/moderation/reviews/${reviewId}`, { method: 'POST', body: { action } });
}

/** Keeps or removes a reported review; the queue and the comment count refresh. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, action }: { reviewId: string; action: ModerationDecision['action'] }) =>
      moderateReview(reviewId, action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportedReviewsKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsKey }),
      ]);
    },
  });
}
