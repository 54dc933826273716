import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MySubscription, SeasonPayment } from '#contract/subscribers.ts';
import { CUSTOMER, renderPage } from '../../test/render.tsx';
import { MySubscriptionsPage } from './MySubscriptionsPage.tsx';

/** A calendar day `days` from today, YYYY-MM-DD, as the page reads today. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

const payment = (number: number, state: SeasonPayment['state'], over: Partial<SeasonPayment> = {}): SeasonPayment => ({
  number,
  amount: 40,
  coversFrom: `2026-10-0${number}`,
  coversUntil: `2026-10-1${number}`,
  deliveries: 2,
  state,
  paidAt: null,
  refunded: 0,
  ...over,
});

const subscription = (over: Partial<MySubscription>): MySubscription => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  plan: {
    id: '00000000-0000-4000-8000-0000000000a1',
    name: 'Autumn share',
    shopId: '00000000-0000-4000-8000-0000000000c1',
    shopName: 'Furrow Farm',
    noticeDays: 0,
  },
  status: 'active',
  window: { id: '00000000-0000-4000-8000-0000000000b1', kind: 'pickup', label: 'Saturday 9:00–13:00 at Riverside' },
  deliveryAddress: null,
  deliveryPostcode: null,
  startsOn: '2026-10-01',
  vacation: null,
  endsAfter: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2099 },
  cardState: 'ready',
  nextDelivery: null,
  coming: [],
  season: null,
  windows: [],
  ...over,
});

describe('the season payments of a subscription', () => {
  it('lists each payment with what it covers, its state and what was refunded of it', async () => {
    renderPage(<MySubscriptionsPage />, {
      user: CUSTOMER,
      routes: {
        'GET /api/subscriptions': [
          subscription({
            status: 'cancelled',
            // Ended yesterday: nothing comes any more.
            endsAfter: dayFromToday(-1),
            season: [
              payment(1, 'paid', { paidAt: '2026-09-03T12:00:00.000Z', refunded: 20 }),
              payment(2, 'failed'),
              payment(3, 'due'),
              payment(4, 'cancelled'),
            ],
          }),
        ],
      },
    });
    const season = await screen.findByRole('region', { name: 'Season payments' });
    const rows = within(season)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Payment 1 of 4: $40.00For 1–11 October (2 deliveries)Paid 3 September$20.00 refunded',
      'Payment 2 of 4: $40.00For 2–12 October (2 deliveries)Refused: tried again',
      'Payment 3 of 4: $40.00For 3–13 October (2 deliveries)Due at the cutoff before 3 October',
      'Payment 4 of 4: $40.00For 4–14 October (2 deliveries)Not taken: the subscription ended',
    ]);
    expect(screen.getByText('Ends').nextElementSibling?.textContent).toBe('now');
  });

  it('says a cancelled season’s refund comes once the deliveries still coming are past their cutoff', async () => {
    renderPage(<MySubscriptionsPage />, {
      user: CUSTOMER,
      routes: {
        'GET /api/subscriptions': [
          subscription({
            status: 'cancelled',
            endsAfter: dayFromToday(2),
            season: [
              payment(1, 'paid', {
                paidAt: new Date().toISOString(),
                coversFrom: dayFromToday(2),
                coversUntil: dayFromToday(15),
              }),
              payment(2, 'cancelled', { coversFrom: dayFromToday(16), coversUntil: dayFromToday(29) }),
            ],
          }),
        ],
      },
    });
    const season = await screen.findByRole('region', { name: 'Season payments' });
    expect(
      within(season).getByText(
        'What you paid for the deliveries that do not come is refunded to your card once those still coming are past their ordering cutoff.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        `after ${new Date(`${dayFromToday(2)}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })}`,
      ),
    ).toBeTruthy();
  });

  it('shows no season payments for a plan paid at each delivery', async () => {
    renderPage(<MySubscriptionsPage />, {
      user: CUSTOMER,
      routes: { 'GET /api/subscriptions': [subscription({})] },
    });
    await screen.findByRole('region', { name: 'Coming deliveries' });
    expect(screen.queryByRole('region', { name: 'Season payments' })).toBeNull();
  });
});
