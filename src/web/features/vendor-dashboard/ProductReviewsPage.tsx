import { Flag } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import Swal from 'sweetalert2';
import type { VendorReview } from '#contract/moderation.ts';
import { errorMessage } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { REVIEWS_PAGE_SIZE, useProductReviews } from './get-product-reviews.ts';
import { useReportReview } from './report-review.ts';

function ReportButton({ review }: { review: VendorReview }) {
  const report = useReportReview(review.productId);
  if (review.status === 'reported') {
    return <span className="badge badge-sm border-amber-600 bg-amber-50 font-semibold text-amber-900">Reported</span>;
  }
  const run = async () => {
    const answer = await Swal.fire({
      title: 'Report this review?',
      text: 'An admin will read it and keep it or remove it.',
      icon: 'warning',
      showCancelButton: true,
      confirmButtonText: 'Yes, report it!',
      confirmButtonColor: '#b91c1c',
    });
    if (!answer.isConfirmed) return;
    try {
      await report.mutateAsync(review._id);
      toast.success('The review was sent to the admins');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
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

  if (reviews.isPending) return <PageLoader label="Loading the reviews" />;
  if (reviews.isError) return <LoadError error={reviews.error} onRetry={() => reviews.refetch()} />;
  const data = reviews.data;
  return (
    <div>
      <h1 className="text-3xl font-bold">Total Reviews: {data.total}</h1>
      <p className="mt-2">
        Reviews of{' '}
        <Link to={paths.productDetails(productId)} className="link link-primary font-semibold">
          {data.productName}
        </Link>
        . Report a review that breaks the rules; an admin decides whether it stays.
      </p>
      {data.total === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">No reviews of this product yet.</p>
      ) : (
        <>
          <section
            className="mt-4 overflow-x-auto rounded-box border border-base-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must be reachable by keyboard
            tabIndex={0}
            aria-label="Reviews"
          >
            <table className="table">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">ProductId</th>
                  <th scope="col">Comment</th>
                  <th scope="col">Report Comment</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((review, index) => (
                  <tr key={review._id}>
                    <th scope="row">{(page - 1) * REVIEWS_PAGE_SIZE + index + 1}</th>
                    <td className="font-mono text-xs break-all">{review.productId}</td>
                    <td>
                      <p>{review.commentDes}</p>
                      <p className="text-xs">
                        {review.commenterName} · {review.rating} of 5 stars ·{' '}
                        {new Date(review.createdAt).toLocaleDateString('en-US')}
                      </p>
                    </td>
                    <td>
                      <ReportButton review={review} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <TablePager page={page} pages={data.pages} onPage={setPage} label="Review pages" />
        </>
      )}
    </div>
  );
}
