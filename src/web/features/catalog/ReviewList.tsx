import { BadgeCheck } from 'lucide-react';
import { LoadError } from '../../ui/LoadError.tsx';
import { ReviewDate } from '../../ui/ReviewDate.tsx';
import { Stars } from '../../ui/Stars.tsx';
import { Thumb } from '../../ui/Thumb.tsx';
import { useReviews } from './get-reviews.ts';

const AVATAR = '/favicon.svg';

/** The product's reviews: photo, name, date-time, stars, text, and a badge for verified purchases. */
export function ReviewList({ productId }: { productId: string }) {
  const reviews = useReviews(productId);
  if (reviews.isPending) return <span className="loading loading-dots" role="status" aria-label="Loading reviews" />;
  if (reviews.isError) return <LoadError error={reviews.error} onRetry={() => reviews.refetch()} />;
  if (reviews.data.length === 0) return <p>No reviews yet. Be the first to review this product.</p>;
  return (
    <ul className="space-y-4" aria-label="Customer reviews">
      {reviews.data.map((review) => (
        <li key={review._id} className="flex gap-4 rounded-box border border-base-300 p-4">
          <Thumb
            src={review.commenterPhoto || AVATAR}
            alt=""
            size={48}
            className="size-12 shrink-0 rounded-full bg-base-200 object-cover"
          />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-bold">{review.commenterName}</span>
              {review.verifiedPurchase ? (
                <span className="badge badge-sm gap-1 border-primary bg-base-100 text-primary">
                  <BadgeCheck size={14} aria-hidden="true" /> Verified purchase
                </span>
              ) : null}
            </div>
            <ReviewDate iso={review.createdAt} className="block text-sm text-base-content/70" />
            <Stars rating={review.rating} />
            <p className="mt-1 whitespace-pre-line">{review.commentDes}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
