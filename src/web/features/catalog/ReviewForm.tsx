import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { type ReviewFormValues, reviewFormInput, SUCCESS_REVIEW_MESSAGE } from '#contract/reviews.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { FormField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useAddReview } from './add-review.ts';

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

/** Add a Review: stars start at 0 and reset after posting; the text is required; signed-in users only. */
export function ReviewForm({ productId }: { productId: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const add = useAddReview(productId);
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormValues>({
    resolver: zodResolver(reviewFormInput),
    defaultValues: { rating: 0, commentDes: '' },
  });

  if (!user) {
    return (
      <p className="rounded-box bg-base-200 p-4">
        <Link to={paths.login} state={{ from: location }} className="link link-primary">
          Sign in
        </Link>{' '}
        to write a review.
      </p>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ productId, ...values });
      toast.success(SUCCESS_REVIEW_MESSAGE);
      reset({ rating: 0, commentDes: '' });
    } catch (error) {
      toast.error(errorMessage(error));
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
      <FormField label="Your review" htmlFor="review-text" error={errors.commentDes?.message}>
        <textarea
          id="review-text"
          className="textarea h-28 w-full"
          aria-invalid={errors.commentDes ? true : undefined}
          aria-describedby={errors.commentDes ? 'review-text-error' : undefined}
          {...register('commentDes')}
        />
      </FormField>
      <SubmitButton busy={add.isPending} className="mt-3">
        Submit Review
      </SubmitButton>
    </form>
  );
}
