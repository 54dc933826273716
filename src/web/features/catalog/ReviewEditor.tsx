import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  type Review,
  type ReviewFormValues,
  reviewFormInput,
  SUCCESS_REVIEW_MESSAGE,
  UPDATED_REVIEW_MESSAGE,
} from '#contract/reviews.ts';
import { errorMessage } from '../../api/client.ts';
import { useEmailRefusal } from '../../auth/VerifyEmailRefusal.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useAddReview } from './add-review.ts';

// The review form and its checks (react-hook-form, the contract's zod schema) load only for a buyer who may review,
// not with the product page.

/** A 0-5 star picker (0 = none chosen yet) as a group of radio buttons. */
function StarPicker({ value, onChange, invalid }: { value: number; onChange: (n: number) => void; invalid: boolean }) {
  return (
    <fieldset className="rating rating-lg" aria-label="Your rating" aria-invalid={invalid || undefined}>
      {[1, 2, 3, 4, 5].map((n) => (
        <input
          key={n}
          type="radio"
          name="review-rating"
          className="mask mask-star-2 bg-secondary"
          aria-label={`${n} star${n > 1 ? 's' : ''}`}
          checked={value === n}
          onChange={() => onChange(n)}
        />
      ))}
    </fieldset>
  );
}

/** Add a Review (stars start at 0 and reset after posting; the text is required), or edit the user's review. */
export function ReviewForm({
  productId,
  review,
  onDone,
}: {
  productId: string;
  review: Review | null;
  onDone: () => void;
}) {
  const add = useAddReview(productId);
  const unverified = useEmailRefusal();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewFormInput),
    defaultValues: review ? { rating: review.rating, commentDes: review.commentDes } : { rating: 0, commentDes: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ productId, ...values });
      toast.success(review ? UPDATED_REVIEW_MESSAGE : SUCCESS_REVIEW_MESSAGE);
      reset({ rating: 0, commentDes: '' });
      onDone();
    } catch (error) {
      if (!unverified.caught(error)) toast.error(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl">
      <div className="fieldset">
        <span className="fieldset-legend" id="review-rating-label">
          Rating
        </span>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarPicker value={field.value} onChange={field.onChange} invalid={Boolean(errors.rating)} />
          )}
        />
        {errors.rating ? (
          <p className="text-sm text-error" role="alert">
            {errors.rating.message}
          </p>
        ) : null}
      </div>
      <TextField
        label="Your review"
        field={wireControl('review-text', errors.commentDes, register('commentDes'))}
        as="textarea"
        className="textarea h-28 w-full"
      />
      {unverified.refusal}
      <div className="mt-3 flex gap-2">
        <SubmitButton busy={add.isPending}>{review ? 'Update Review' : 'Submit Review'}</SubmitButton>
        {review ? (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
