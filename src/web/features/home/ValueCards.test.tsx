import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { aDeal } from '../../test/deals.ts';
import { renderPage } from '../../test/render.tsx';
import { ValueCards } from './ValueCards.tsx';

/** Twelve shops as the demo has them: every one with pickup, ten delivering. */
const TERMS: DeliveryTerms = {
  shops: 12,
  pickupShops: 12,
  deliveryShops: 10,
  fee: { min: 3.5, max: 9 },
  freeOver: { min: 50, max: 100, shops: 8 },
  minimumOrder: { min: 15, max: 40 },
};

const card = async (title: string) => {
  const heading = await screen.findByRole('heading', { name: title });
  return heading.parentElement as HTMLElement;
};

describe("the home page's value cards", () => {
  it("say what pickup and delivery cost, from the shops' settings, and what the deals take off", async () => {
    renderPage(<ValueCards />, {
      routes: {
        'GET /api/delivery-terms': TERMS,
        'GET /api/deals': [aDeal('Sweet Corn', 4, 30), aDeal('Hood Strawberries', 6.5, 20), aDeal('Kale', 3, 20)],
      },
    });
    expect(
      await within(await card('Pickup & delivery')).findByText(
        'Free pickup · delivery from $3.50 at 10 of 12 shops, free over $50 at some',
      ),
    ).toBeTruthy();
    expect(
      await within(await card('Deals')).findByText('20–30% off 3 products, each until its countdown ends'),
    ).toBeTruthy();
    expect(screen.queryByText(/free delivery|no delivery fee|every day/i)).toBeNull();
  });

  it('name no free delivery where no shop delivers', async () => {
    renderPage(<ValueCards />, {
      routes: {
        'GET /api/delivery-terms': { ...TERMS, deliveryShops: 0, fee: null, freeOver: null, minimumOrder: null },
        'GET /api/deals': [],
      },
    });
    expect(await within(await card('Pickup & delivery')).findByText('Free pickup')).toBeTruthy();
    expect(await within(await card('Deals')).findByText('No deals running right now')).toBeTruthy();
  });
});
