import { Flag } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { VendorReview } from '#contract/moderation.ts';
import { paths } from '../../paths.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { PageTableOrNone, rowNumber } from '../../ui/DataTable.tsx';
import { Loaded } from '../../ui/Loaded.tsx';
import { usePageParam } from '../../ui/TablePager.tsx';
import { useProductReviews } from './get-product-reviews.ts';
import { useReportReview } from './report-review.ts';

function ReportButton({ review }: { review: VendorReview }) {
  const report = useReportReview(review.productId);
  if (review.status === 'reported') {
    return <span className="badge badge-sm border-amber-600 bg-amber-50 font-semibold text-amber-900">Reported</span>;
  }
  const run = () =>
    confirmAndRun(
      {
        title: 'Report this review?',
        text: 'An admin will read it and keep it or remove it.',
        confirmText: 'Yes, report it!',
        danger: true,
      },
      () => report.mutateAsync(review._id),
      'The review was sent to the admins',
    );
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline btn-error"
      disabled={report.isPending}
      onClick={run}
      aria-label={`Report Comment by ${review.commenterName}`}
    >
      <Flag aria-hidden="true" className="size-3.5" />
      Report Comment
    </button>
  );
}

export function ProductReviewsPage() {
  const { productId = '' } = useParams();
  const [page, setPage] = usePageParam();
  const reviews = useProductReviews(productId, page);
  return (
    <Loaded query={reviews} loading="Loading the reviews">
      {(data) => (
        <div>
          <h1 className="text-3xl font-bold">Total Reviews: {data.total}</h1>
          <p className="mt-2">
            Reviews of{' '}
            <Link to={paths.productDetails(productId)} className="link link-primary font-semibold">
              {data.productName}
            </Link>
            . Report a review that breaks the rules; an admin decides whether it stays.
          </p>
          <PageTableOrNone
            none="No reviews of this product yet."
            label="Reviews"
            page={data}
            onPage={setPage}
            pagesLabel="Review pages"
            columns={[
              { header: '#', rowHeader: true, cell: (_, index) => rowNumber(data, index) },
              { header: 'ProductId', className: 'font-mono text-xs break-all', cell: (review) => review.productId },
              {
                header: 'Comment',
                cell: (review) => (
                  <>
                    <p>{review.commentDes}</p>
                    <p className="text-xs">
                      {review.commenterName} · {review.rating} of 5 stars ·{' '}
                      {new Date(review.createdAt).toLocaleDateString('en-US')}
                    </p>
                  </>
                ),
              },
              { header: 'Report Comment', cell: (review) => <ReportButton review={review} /> },
            ]}
          />
        </div>
      )}
    </Loaded>
  );
}
