import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '#contract/reviews.ts';
import { api } from '../../api/client.ts';
import { reviewsKey } from './get-reviews.ts';

export function addReview(input: ReviewInput) {
  return api<{ insertedId: string; review: Review }>('/comments', { method: 'POST', body: input });
}

export function useAddReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsKey(productId) }),
  });
}
