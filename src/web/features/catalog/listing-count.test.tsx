import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { withErrorBoundaries } from '../../ui/RouteError.tsx';
import { catalogRoutes } from './catalog-routes.tsx';

const tree = withErrorBoundaries(catalogRoutes);
const page = (total: number, capped?: true) => ({ items: [], nextCursor: null, total, totalCapped: capped });

describe("a listing's count", () => {
  it('says "1,000+" when the server capped it', async () => {
    renderRoutes(tree, {
      path: '/category/grains',
      fake: { 'GET /api/products': page(1000, true), 'GET /api/deals': [] },
    });
    expect((await screen.findByText(/We found/)).textContent).toBe('We found 1,000+ items for you!');
  });

  it('shows an exact count as it is', async () => {
    renderRoutes(tree, { path: '/category/grains', fake: { 'GET /api/products': page(1000), 'GET /api/deals': [] } });
    expect((await screen.findByText(/We found/)).textContent).toBe('We found 1000 items for you!');
  });

  it('says "1,000+ products found" for a capped search', async () => {
    renderRoutes(tree, {
      path: '/search?q=oats',
      fake: { 'GET /api/products': page(1000, true), 'GET /api/deals': [] },
    });
    expect((await screen.findByText(/found/)).textContent).toBe('1,000+ products found');
  });
});
