import { Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import type { ReportedReview } from '#contract/moderation.ts';
import type { Page } from '#contract/pagination.ts';
import { paths } from '../../paths.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { NameAndEmail, PageTableOrNone } from '../../ui/DataTable.tsx';
import { LoadedPages } from '../../ui/Loaded.tsx';
import { type RowAction, RowActions } from '../../ui/RowActions.tsx';
import { useReportedReviews } from './get-reported-reviews.ts';
import { useModerateReview } from './moderate-review.ts';

const DECISIONS: RowAction<'keep' | 'remove'>[] = [
  { key: 'keep', label: 'Keep', icon: Check, className: 'btn-primary' },
  { key: 'remove', label: 'Remove', icon: Trash2, className: 'btn-outline btn-error' },
];

function Decision({ review }: { review: ReportedReview }) {
  const moderate = useModerateReview();
  const decide = (action: 'keep' | 'remove') =>
    confirmAndRun(
      action === 'remove'
        ? {
            title: 'Remove this review?',
            text: 'It leaves the product page and its average rating.',
            confirmText: 'Yes, remove it!',
            danger: true,
          }
        : null,
      () => moderate.mutateAsync({ reviewId: review._id, action }),
      action === 'keep' ? 'The review stays on the product page' : 'The review was removed',
    );
  return (
    <RowActions
      actions={DECISIONS}
      name={(label) => `${label} the review by ${review.commenterName}`}
      busy={moderate.isPending}
      onAct={decide}
    />
  );
}

export function ReportedReviewsPage() {
  return <LoadedPages usePage={useReportedReviews} loading="Loading reported reviews" view={ReportedReviews} />;
}

function ReportedReviews({ data, onPage }: { data: Page<ReportedReview>; onPage: (page: number) => void }) {
  return (
    <div>
      <h1 className="text-3xl font-bold">Reported Reviews: {data.total}</h1>
      <p className="mt-2">Vendors reported these reviews. Keep one to show it again, or remove it for good.</p>
      <PageTableOrNone
        none="Nothing to moderate. Well done!"
        label="Reported reviews"
        page={data}
        onPage={onPage}
        pagesLabel="Reported review pages"
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
                <p className="wrap-anywhere">{review.commentDes}</p>
                <p className="text-xs">{review.rating} of 5 stars</p>
              </>
            ),
          },
          {
            header: 'Reviewer',
            cell: (review) => <NameAndEmail name={review.commenterName} email={review.commenterEmail} />,
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
    </div>
  );
}
