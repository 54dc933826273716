import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VendorReview } from '#contract/moderation.ts';
import { pageOf } from '#contract/pagination.ts';
import { type Routes, renderRoutes, VENDOR } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { ProductReviewsPage } from './ProductReviewsPage.tsx';

const PRODUCT = '00000000-0000-4000-9000-000000000001';

const review = (n: number, status: VendorReview['status'] = 'visible'): VendorReview => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productId: PRODUCT,
  commentDes: `Review text ${n}`,
  commenterName: `Reviewer ${n}`,
  rating: 2,
  status,
  createdAt: '2026-11-01T10:00:00.000Z',
});

/** The page at its address (the product id comes from the path), signed in as the vendor. */
const renderReviews = (fake: Routes) =>
  renderRoutes([{ path: 'dashboard/review/:productId', element: <ProductReviewsPage /> }], {
    fake,
    user: VENDOR,
    path: `/dashboard/review/${PRODUCT}`,
  });

const rows = () => tableRows('Reviews');

describe("a product's reviews for its vendor", () => {
  it('pages the reviews ten at a time, numbered across pages', async () => {
    const all = Array.from({ length: 12 }, (_, i) => review(i + 1));
    const { requests } = renderReviews({
      [`GET /api/comments/product/${PRODUCT}/for-vendor`]: (request: Request) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        const items = all.slice((page - 1) * 10, page * 10);
        return { body: { ...pageOf(items, all.length, { page, limit: 10 }), productName: 'Carrots' } };
      },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Total Reviews: 12');
    expect(screen.getByRole('link', { name: 'Carrots' })).toBeTruthy();
    expect(rows()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]).getByRole('rowheader').textContent).toBe('11');
    expect(within(rows()[0]).getByText('Review text 11')).toBeTruthy();
    const asked = requests.filter((r) => r.url.includes('/for-vendor')).map((r) => new URL(r.url).search);
    expect(asked).toEqual(['?page=1&limit=10', '?page=2&limit=10']);
  });

  it('reports a review only after the confirmation, and shows it as reported', async () => {
    let reviews = [review(1), review(2, 'reported')];
    const reports: string[] = [];
    renderReviews({
      [`GET /api/comments/product/${PRODUCT}/for-vendor`]: () => ({
        body: { ...pageOf(reviews, reviews.length, { page: 1, limit: 10 }), productName: 'Carrots' },
      }),
      [`POST /api/comments/${review(1)._id}/report`]: () => {
        reports.push(review(1)._id);
        reviews = [review(1, 'reported'), review(2, 'reported')];
        return { body: { modifiedCount: 1, status: 'reported' } };
      },
    });
    expect(await screen.findByRole('button', { name: 'Report Comment by Reviewer 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Report Comment by Reviewer 2' })).toBeNull();
    expect(within(rows()[1]).getByText('Reported')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Report Comment by Reviewer 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Report this review?' })).toBeNull());
    expect(reports).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Report Comment by Reviewer 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, report it!' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Report Comment by Reviewer 1' })).toBeNull());
    expect(reports).toEqual([review(1)._id]);
    expect(within(rows()[0]).getByText('Reported')).toBeTruthy();
  });
});
