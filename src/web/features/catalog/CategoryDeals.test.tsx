import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aDeal } from '../../test/deals.ts';
import { renderRoutes } from '../../test/render.tsx';
import { withErrorBoundaries } from '../../ui/RouteError.tsx';
import { catalogRoutes } from './catalog-routes.tsx';

const tree = withErrorBoundaries(catalogRoutes);
const noProducts = { items: [], nextCursor: null, total: 0 };

describe("a category page's deals", () => {
  it('lists the products on deal, each with its old price, its saving and when the deal ends', async () => {
    const { requests } = renderRoutes(tree, {
      path: '/vegetableProducts',
      fake: {
        'GET /api/products': noProducts,
        'GET /api/deals': [aDeal('Rainbow Carrots', 4.16, 30), aDeal('Sweet Corn', 3, 30)],
      },
    });
    const shelf = await screen.findByRole('list', { name: 'Vegetables on deal' });
    const cards = within(shelf).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Rainbow Carrots', 'Sweet Corn']);
    expect(within(cards[0]).getByText('$4.16', { selector: 'del' })).toBeTruthy();
    expect(within(cards[0]).getByText('−30%')).toBeTruthy();
    expect(
      within(cards[0]).getByText((_, element) => element?.tagName === 'P' && /^Ends /.test(element.textContent ?? '')),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Vegetables on deal' }).closest('section')?.id).toBe('deals');
    expect(requests.map((r) => new URL(r.url).search)).toContain('?category=vegetable');
  });

  it('is left out while none is running', async () => {
    renderRoutes(tree, { path: '/vegetableProducts', fake: { 'GET /api/products': noProducts, 'GET /api/deals': [] } });
    expect((await screen.findByText(/We found/)).textContent).toBe('We found 0 items for you!');
    expect(screen.queryByRole('heading', { name: 'Vegetables on deal' })).toBeNull();
  });
});
