import { Pencil } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Review } from '#contract/reviews.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { ReviewDate } from '../../ui/ReviewDate.tsx';
import { Stars } from '../../ui/Stars.tsx';
import { useMyReview } from './get-my-review.ts';

const ReviewForm = lazy(() => import('./ReviewEditor.tsx').then((m) => ({ default: m.ReviewForm })));

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
    body = (
      <Suspense fallback={<span className="loading loading-dots" role="status" aria-label="Loading the form" />}>
        <ReviewForm productId={productId} review={review} onDone={() => setEditing(false)} />
      </Suspense>
    );
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
      <p className="mt-2 whitespace-pre-line">{review.commentDes}</p>
      <ReviewDate iso={review.createdAt} className="mt-1 block text-sm text-base-content/70" />
      <button type="button" className="btn btn-outline btn-primary btn-sm mt-3" onClick={onEdit}>
        <Pencil size={16} aria-hidden="true" /> Edit
      </button>
    </div>
  );
}
