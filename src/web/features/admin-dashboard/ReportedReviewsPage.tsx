import { Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import type { ReportedReview } from '#contract/moderation.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { confirmAction } from '../../ui/confirm.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { useReportedReviews } from './get-reported-reviews.ts';
import { useModerateReview } from './moderate-review.ts';

const DECISIONS = [
  { action: 'keep', label: 'Keep', icon: Check, className: 'btn-primary' },
  { action: 'remove', label: 'Remove', icon: Trash2, className: 'btn-outline btn-error' },
] as const;

function Decision({ review }: { review: ReportedReview }) {
  const moderate = useModerateReview();
  const decide = async (action: 'keep' | 'remove') => {
    if (action === 'remove') {
      const sure = await confirmAction({
        title: 'Remove this review?',
        text: 'It leaves the product page and its average rating.',
        confirmText: 'Yes, remove it!',
        danger: true,
      });
      if (!sure) return;
    }
    try {
      await moderate.mutateAsync({ reviewId: review._id, action });
      toast.success(action === 'keep' ? 'The review stays on the product page' : 'The review was removed');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {DECISIONS.map(({ action, label, icon: Icon, className }) => (
        <button
          key={action}
          type="button"
          className={`btn btn-sm ${className}`}
          disabled={moderate.isPending}
          onClick={() => decide(action)}
          aria-label={`${label} the review by ${review.commenterName}`}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </button>
      ))}
    </div>
  );
}

export function ReportedReviewsPage() {
  const [page, setPage] = usePageParam();
  const reviews = useReportedReviews(page);
  if (reviews.isPending) return <PageLoader label="Loading reported reviews" />;
  if (reviews.isError) return <LoadError error={reviews.error} onRetry={() => reviews.refetch()} />;
  const data = reviews.data;
  return (
    <div>
      <h1 className="text-3xl font-bold">Reported Reviews: {data.total}</h1>
      <p className="mt-2">Vendors reported these reviews. Keep one to show it again, or remove it for good.</p>
      {data.total === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">Nothing to moderate. Well done!</p>
      ) : (
        <DataTable
          label="Reported reviews"
          rows={data.items}
          pager={{ page: data, onPage: setPage, label: 'Reported review pages' }}
          columns={[
            {
              header: 'Product',
              cell: (review) => (
                <>
                  <Link to={paths.productDetails(review.productId)} className="link link-primary font-semibold">
                    {review.productName}
                  </Link>
                  <div className="text-xs">{review.shopName}</div>
                </>
              ),
            },
            {
              header: 'Review',
              cell: (review) => (
                <>
                  <p className="break-words">{review.commentDes}</p>
                  <p className="text-xs">{review.rating} of 5 stars</p>
                </>
              ),
            },
            {
              header: 'Reviewer',
              cell: (review) => (
                <>
                  <div>{review.commenterName}</div>
                  <div className="whitespace-nowrap text-xs">{review.commenterEmail}</div>
                </>
              ),
            },
            {
              header: 'Reported',
              cell: (review) => (
                <time dateTime={review.reportedAt}>{new Date(review.reportedAt).toLocaleDateString('en-US')}</time>
              ),
            },
            { header: 'Decision', cell: (review) => <Decision review={review} /> },
          ]}
        />
      )}
    </div>
  );
}
