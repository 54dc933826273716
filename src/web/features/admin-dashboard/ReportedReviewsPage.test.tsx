import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReportedReview } from '#contract/moderation.ts';
import { pageOf } from '#contract/pagination.ts';
import { renderPage } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { ReportedReviewsPage } from './ReportedReviewsPage.tsx';

const reported = (n: number): ReportedReview => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  productName: `Product ${n}`,
  shopName: 'Vera Farm',
  commentDes: `Review text ${n}`,
  commenterName: `Reviewer ${n}`,
  commenterEmail: `reviewer${n}@example.com`,
  rating: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  reportedAt: '2026-11-02T10:00:00.000Z',
});

/** The admin's queue as the server keeps it: a decision takes the review out of it. */
function moderationServer(reviews: ReportedReview[]) {
  let queue = reviews;
  const decisions: { id: string; action: string }[] = [];
  const routes: Record<string, unknown> = {
    'GET /api/moderation/reviews': () => ({ body: pageOf(queue, queue.length, { page: 1, limit: 10 }) }),
    'GET /api/admin-stats': {},
  };
  for (const review of reviews) {
    routes[`POST /api/moderation/reviews/${review._id}`] = async (request: Request) => {
      const { action } = await request.json();
      decisions.push({ id: review._id, action });
      queue = queue.filter((r) => r._id !== review._id);
      return { body: { modifiedCount: 1, status: action === 'keep' ? 'visible' : 'removed' } };
    };
  }
  return { routes, decisions };
}

const rows = () => tableRows('Reported reviews');

describe('reported reviews page', () => {
  it('lists each reported review with its product, shop, text and reviewer', async () => {
    const { routes } = moderationServer([reported(1), reported(2)]);
    renderPage(<ReportedReviewsPage />, { routes });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Reported Reviews: 2');
    expect(rows()).toHaveLength(2);
    const first = within(rows()[0]);
    expect(first.getByRole('link', { name: 'Product 1' }).getAttribute('href')).toBe(
      `/productDetails/${reported(1).productId}`,
    );
    expect(first.getByText('Vera Farm')).toBeTruthy();
    expect(first.getByText('Review text 1')).toBeTruthy();
    expect(first.getByText('reviewer1@example.com')).toBeTruthy();
  });

  it('keeps a review at once, and removes one only after the confirmation', async () => {
    const { routes, decisions } = moderationServer([reported(1), reported(2)]);
    renderPage(<ReportedReviewsPage />, { routes });

    await userEvent.click(await screen.findByRole('button', { name: 'Remove the review by Reviewer 2' }));
    expect(await screen.findByRole('heading', { name: 'Remove this review?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Remove this review?' })).toBeNull());
    expect(decisions).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Keep the review by Reviewer 1' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Reported Reviews: 1'));
    expect(decisions).toEqual([{ id: reported(1)._id, action: 'keep' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove the review by Reviewer 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, remove it!' }));
    expect(await screen.findByText('Nothing to moderate. Well done!')).toBeTruthy();
    expect(decisions).toEqual([
      { id: reported(1)._id, action: 'keep' },
      { id: reported(2)._id, action: 'remove' },
    ]);
  });
});
