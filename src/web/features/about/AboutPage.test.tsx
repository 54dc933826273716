import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeliveryTerms } from '#contract/delivery-terms.ts';
import { renderPage } from '../../test/render.tsx';
import { AboutPage } from './AboutPage.tsx';

const TERMS: DeliveryTerms = {
  shops: 12,
  pickupShops: 12,
  deliveryShops: 10,
  fee: { min: 3.5, max: 9 },
  freeOver: { min: 50, max: 100, shops: 8 },
  minimumOrder: { min: 15, max: 40 },
};

const CONTACT = {
  address: '1 Market St',
  email: 'hello@farmstall.example',
  phone: '+1 503 555 0100',
  hours: '10:00-18:00 Mon-Sat',
};

const cardText = async (title: string) =>
  (await screen.findByRole('heading', { name: title })).nextElementSibling?.textContent;

describe('About', () => {
  it("says what pickup and delivery cost from the shops' settings, and what the deals and reviews are", async () => {
    renderPage(<AboutPage />, {
      routes: { 'GET /api/delivery-terms': TERMS, 'GET /api/contact/details': CONTACT },
    });
    await screen.findByText(/^Pickup is free/);
    expect(await cardText('Pickup & delivery')).toBe(
      'Pickup is free at every shop. 10 of 12 shops deliver, for $3.50 to $9 (free over $50 at some), with a minimum order of $15 to $40.',
    );
    expect(await cardText('Deals')).toBe(
      'A deal takes 20% or more off a product for up to 15 days; the home page shows 3 at a time, each with its old price and a countdown to its end.',
    );
    expect(await cardText('Honest reviews')).toBe(
      'Every review by a shopper who bought the product is marked “Verified purchase”.',
    );
    expect(screen.queryByText(/free delivery|no delivery fee|daily/i)).toBeNull();
  });
});
