import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import {
  type Review,
  type ReviewFormValues,
  reviewFormInput,
  SUCCESS_REVIEW_MESSAGE,
  UPDATED_REVIEW_MESSAGE,
} from '#contract/reviews.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { Stars } from '../../ui/Stars.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireControl } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useAddReview } from './add-review.ts';
import { useMyReview } from './get-my-review.ts';

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

/**
 * The review part of the product page. Signed out: a sign-in prompt. Signed in: why the user may not review
 * (no delivered purchase, their own product), or the Add a Review form, or "Your review" with an Edit action
 * (one review per buyer and product; posting again edits it).
 */
export function ReviewPanel({ productId }: { productId: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const mine = useMyReview(productId, user?.email);
  const [editing, setEditing] = useState(false);

  const review = mine.data?.review ?? null;
  const heading = review ? 'Your review' : 'Add a Review';
  let body: ReactNode;
  if (!user) {
    body = (
      <p className="rounded-box bg-base-200 p-4">
        <Link to={paths.login} state={{ from: location }} className="link link-primary">
          Sign in
        </Link>{' '}
        to write a review.
      </p>
    );
  } else if (mine.isPending) {
    body = <span className="loading loading-dots" role="status" aria-label="Loading your review" />;
  } else if (mine.isError) {
    body = <LoadError error={mine.error} onRetry={() => mine.refetch()} />;
  } else if (!mine.data.canReview) {
    body = <p className="rounded-box bg-base-200 p-4">{mine.data.reason}</p>;
  } else if (review && !editing) {
    body = <OwnReview review={review} onEdit={() => setEditing(true)} />;
  } else {
    body = <ReviewForm productId={productId} review={review} onDone={() => setEditing(false)} />;
  }
  return (
    <>
      <h2 className="mb-4 text-2xl font-bold">{heading}</h2>
      {body}
    </>
  );
}

/** The user's own review, as shoppers see it, with an Edit action. */
function OwnReview({ review, onEdit }: { review: Review; onEdit: () => void }) {
  return (
    <div className="max-w-xl rounded-box border border-base-300 p-4">
      <Stars rating={review.rating} size={20} />
      <p className="mt-2 whitespace-pre-line break-words">{review.commentDes}</p>
      <time dateTime={review.createdAt} className="mt-1 block text-sm text-base-content/70">
        {new Date(review.createdAt).toLocaleString()}
      </time>
      <button type="button" className="btn btn-outline btn-primary btn-sm mt-3" onClick={onEdit}>
        <Pencil size={16} aria-hidden="true" /> Edit
      </button>
    </div>
  );
}

/** Add a Review (stars start at 0 and reset after posting; the text is required), or edit the user's review. */
function ReviewForm({ productId, review, onDone }: { productId: string; review: Review | null; onDone: () => void }) {
  const add = useAddReview(productId);
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
      <TextField
        label="Your review"
        field={wireControl('review-text', errors.commentDes, register('commentDes'))}
        as="textarea"
        className="textarea h-28 w-full"
      />
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
