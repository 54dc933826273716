import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OfferedProduct } from '#contract/products.ts';
import { aDeal } from '../../test/deals.ts';
import { anOption } from '../../test/options.ts';
import { CUSTOMER, renderPage, renderRoutes } from '../../test/render.tsx';
import { ProductCard } from '../../ui/ProductCard.tsx';
import { cardOf } from '../../ui/product-options.ts';
import { ProductDetailsPage } from './ProductDetailsPage.tsx';

/** Issue 32, item 3 (decision 052): a product in several sizes on its card and its page. */

const { endsAt: _, deal: __, ...base } = aDeal('Eggs', 3.5, 10);
const halfDozen = anOption({
  label: 'Half dozen',
  price: 3.5,
  unit: 'pack',
  pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
  available: 0,
  draws: 6,
});
const dozen = anOption({ label: 'Dozen', price: 6.5, unit: 'dozen', available: 4, draws: 12, position: 2 });
const jumbo = anOption({ label: 'Tray of 30', price: 14, unit: 'piece', available: 2, draws: 30, position: 3 });
const eggs: OfferedProduct = {
  ...base,
  productName: 'Eggs',
  productPrice: 3.5,
  productQuantity: { value: 0, unit: 'pack' },
  pack: halfDozen.pack,
  deal: null,
  options: [halfDozen, dozen, jumbo],
  reviewSummary: { reviewCount: 0, averageRating: 0 },
};

describe('a product in several sizes', () => {
  it('reads "from" its cheapest size on its card, and its button leads to the sizes', async () => {
    renderPage(<ProductCard product={cardOf(eggs)} />, { user: CUSTOMER, routes: {}, path: '/' });
    const card = await screen.findByRole('article');
    expect(card.textContent).toContain('from $3.50 · $0.58 each');
    const choose = within(card).getByRole('link', { name: 'Choose a size of Eggs' });
    expect(choose.textContent).toBe('Choose a size');
    expect(choose.getAttribute('href')).toBe(`/productDetails/${eggs._id}`);
    expect(within(card).queryByRole('button', { name: /Add/ })).toBeNull();
  });

  it('keeps the Add button and the plain price for one size', async () => {
    const one = { ...eggs, options: [dozen], productPrice: 6.5, productQuantity: { value: 4, unit: 'dozen' as const } };
    renderPage(<ProductCard product={cardOf(one)} />, { user: CUSTOMER, routes: {}, path: '/' });
    const card = await screen.findByRole('article');
    expect(card.textContent).toContain('$6.50 · $0.54 each');
    expect(card.textContent).not.toContain('from');
    expect(within(card).getByRole('button', { name: 'Add Eggs to cart' })).toBeTruthy();
  });

  it('picks the first size in stock; price, stock, stepper and Add to Cart follow the choice', async () => {
    let added: Record<string, unknown> | undefined;
    renderRoutes([{ path: '/productDetails/:id', element: <ProductDetailsPage /> }], {
      user: CUSTOMER,
      path: `/productDetails/${eggs._id}`,
      fake: {
        [`GET /api/singleProduct/${eggs._id}`]: eggs,
        'POST /api/carts': async (request: Request) => {
          added = await request.json();
          return { body: { insertedId: 'x', amount: 2, productName: 'Eggs', optionId: dozen._id } };
        },
      },
      otherwise: () => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'none' } } }),
    });
    const sizes = await screen.findByRole('group', { name: 'Size' });
    const radios = within(sizes).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      'Half dozen$3.50 · $0.58 eachSold out',
      'Dozen$6.50 · $0.54 each',
      'Tray of 30$14.00 each',
    ]);
    // The half dozen is sold out: it cannot be chosen, and the page starts on the dozen.
    expect(radios[0].disabled).toBe(true);
    expect(radios[1].checked).toBe(true);
    expect(screen.getByText('4 dozen')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '3');

    // Another size: its price, its stock as the stepper's top, the amount back to 1.
    await userEvent.click(radios[2]);
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveProperty('value', '1');
    expect(screen.getByText('2 pieces')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    expect((screen.getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(radios[1]);
    await userEvent.click(screen.getByRole('button', { name: 'One more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(added).toMatchObject({ productId: eggs._id, optionId: dozen._id, amount: 2 }));

    // Search engines read one offer a size.
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '3.50',
      highPrice: '14.00',
      offerCount: 3,
    });
    expect(ld.offers.offers[1]).toMatchObject({
      '@type': 'Offer',
      sku: dozen.sku,
      price: '6.50',
      availability: 'https://schema.org/InStock',
      priceSpecification: { referenceQuantity: { value: 12, unitCode: 'H87' } },
    });
    expect(ld.offers.offers[0].availability).toBe('https://schema.org/OutOfStock');
  });
});
