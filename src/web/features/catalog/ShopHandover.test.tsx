import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShopHandover as Handover } from '#contract/shops.ts';
import { renderPage } from '../../test/render.tsx';
import { ShopHandover } from './ShopHandover.tsx';

const saturday = { weekday: 'saturday', start: '09:00', end: '13:00', endsNextDay: false } as const;
const handover: Handover = {
  timeZone: 'America/Los_Angeles',
  pickupPoints: [
    {
      name: 'Hood River Farmers Market',
      address: '5th & Columbia, Hood River',
      windows: [saturday],
      next: {
        start: '2026-12-05T09:00:00-08:00',
        end: '2026-12-05T13:00:00-08:00',
        closesAt: '2026-12-04T09:00:00-08:00',
      },
    },
  ],
  delivery: {
    fee: 0,
    freeOver: null,
    minimumOrder: 0,
    postcodes: [],
    radiusKm: 20,
    windows: [{ weekday: 'wednesday', start: '22:00', end: '02:00', endsNextDay: true }],
    next: null,
  },
  nextCutoff: '2026-12-04T09:00:00-08:00',
};

/** The shop page's pickup and delivery, in the unit the marketplace answers. */
const show = (value: Handover, distanceUnit: 'mi' | 'km') =>
  renderPage(<ShopHandover handover={value} />, { routes: { 'GET /api/marketplace': { distanceUnit } } });

describe("a shop page's pickup and delivery", () => {
  it('says when ordering closes, each pickup time and place, and the delivery terms and area', async () => {
    show(handover, 'km');
    expect(await screen.findByText('within 20 km of the shop', { exact: false })).toBeTruthy();
    expect(screen.getByText('Fri 4 Dec, 09:00 PST', { exact: false }).textContent).toBe('Fri 4 Dec, 09:00 PST');
    expect(screen.getByText('Saturday 9:00–13:00 at Hood River Farmers Market')).toBeTruthy();
    expect(screen.getByText('Sat 5 Dec, 09:00–13:00 PST')).toBeTruthy();
    expect(screen.getByText('Free delivery · no minimum order')).toBeTruthy();
    expect(screen.getByText('Wednesday 22:00–2:00 the next day')).toBeTruthy();
    expect(screen.getByText('No time open for orders in the coming days')).toBeTruthy();
  });

  it('writes the radius in miles when the marketplace does', async () => {
    show(handover, 'mi');
    expect(await screen.findByText('Delivers to within 12 mi of the shop')).toBeTruthy();
  });

  it('says so when the shop has set neither pickup nor delivery', async () => {
    show({ timeZone: 'America/Los_Angeles', pickupPoints: [], delivery: null, nextCutoff: null }, 'mi');
    expect(await screen.findByText('This shop has not set its pickup points or delivery yet.')).toBeTruthy();
  });
});
