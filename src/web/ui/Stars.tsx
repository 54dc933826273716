import { Star } from 'lucide-react';

/** A read-only 1-5 star rating with its value for screen readers. */
export function Stars({ rating, size = 16 }: { rating: number; size?: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          size={size}
          aria-hidden="true"
          className={n <= rating ? 'fill-secondary text-secondary' : 'text-base-content/30'}
        />
      ))}
    </span>
  );
}
