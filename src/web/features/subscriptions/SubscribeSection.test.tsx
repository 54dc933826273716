import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type MySubscription, SUBSCRIBE_MESSAGES, type SubscriptionQuote } from '#contract/subscribers.ts';
import type { PublicPlan } from '#contract/subscriptions.ts';
import { CUSTOMER, press, renderPage } from '../../test/render.tsx';
import { SubscribeSection } from './SubscribeSection.tsx';

const PLAN_ID = '00000000-0000-4000-8000-0000000000a1';
const WINDOW_ID = '00000000-0000-4000-8000-0000000000b1';

const plan: PublicPlan = {
  id: PLAN_ID,
  shopId: '00000000-0000-4000-8000-0000000000c1',
  shop: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Furrow Farm', phone: '+1 503 555 0142' },
  name: 'Autumn share',
  description: '',
  kind: 'box',
  items: [],
  boxValue: 20,
  boxContents: 'Squash',
  frequency: 'weekly',
  startsOn: '2026-09-01',
  endsOn: '2026-10-31',
  billing: 'installments',
  seasonPrice: 120,
  installments: 3,
  discountPercent: null,
  cap: null,
  boxCategory: 'vegetable',
  noticeDays: 0,
  windows: [{ id: WINDOW_ID, kind: 'pickup', label: 'Saturday 9:00–13:00 at Riverside Market' }],
  deliveryValue: 20,
  deliveryPrice: 20,
  state: 'open',
};

const quote: SubscriptionQuote = {
  firstDelivery: '2026-09-12',
  firstSlot: 'Sat 12 Sep, 09:00–13:00',
  deliveriesLeft: 8,
  seasonDeliveries: 9,
  perDelivery: null,
  deliveryFee: null,
  seasonPrice: 106.67,
  installments: [40, 40, 26.67],
  schedule: [
    { amount: 40, coversFrom: '2026-09-12', coversUntil: '2026-09-26', deliveries: 3 },
    { amount: 40, coversFrom: '2026-10-03', coversUntil: '2026-10-17', deliveries: 3 },
    { amount: 26.67, coversFrom: '2026-10-24', coversUntil: '2026-10-31', deliveries: 2 },
  ],
};

const subscribed: MySubscription = {
  id: '00000000-0000-4000-8000-0000000000d1',
  plan: { id: PLAN_ID, name: plan.name, shopId: plan.shopId, shopName: 'Furrow Farm', noticeDays: 0 },
  status: 'active',
  window: plan.windows[0],
  deliveryAddress: null,
  deliveryPostcode: null,
  startsOn: '2026-09-10',
  vacation: null,
  endsAfter: null,
  card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
  cardState: 'ready',
  nextDelivery: '2026-09-12',
  coming: [
    { date: '2026-09-12', slot: 'Sat 12 Sep, 09:00–13:00', state: 'coming', changeableUntil: null, order: null },
  ],
  season: quote.schedule?.map((p, i) => ({
    ...p,
    number: i + 1,
    state: i === 0 ? 'paid' : 'due',
    paidAt: i === 0 ? '2026-09-10T10:00:00.000Z' : null,
    refunded: 0,
  })) as MySubscription['season'],
  windows: plan.windows,
};

/** The plan page's routes around subscribing, with POST /api/subscriptions answered by `answer`. */
const routes = (answer: (request: Request) => { status?: number; body?: unknown }) => ({
  'GET /api/subscriptions': [],
  [`GET /api/subscription-plans/${PLAN_ID}/quote`]: quote,
  'GET /api/payments/config': { provider: 'sandbox', publishableKey: null },
  'POST /api/subscriptions/card-setup': { setupIntentId: 'seti_1', clientSecret: 'seti_1_secret' },
  'POST /api/payments/sandbox/confirm-setup': { status: 'succeeded' },
  'POST /api/subscriptions': answer,
});

async function fillCard() {
  await userEvent.type(await screen.findByLabelText('Card number'), '4242424242424242');
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '12/34');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

describe('subscribing to a season paid in installments', () => {
  it('says what is charged today and when the rest is taken, and pays the first payment', async () => {
    const { requests } = renderPage(<SubscribeSection plan={plan} />, {
      user: CUSTOMER,
      routes: routes(() => ({ status: 201, body: subscribed })),
    });
    expect(await screen.findByText(/for the deliveries 12–26 September \(3 deliveries\)\./)).toBeTruthy();
    expect(screen.getByText(/^Today:/).textContent).toBe(
      'Today: $40.00 for the deliveries 12–26 September (3 deliveries).',
    );
    const later = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(later).toEqual([
      '$40.00 at the ordering cutoff before 3 October, for the deliveries 3–17 October (3 deliveries)',
      '$26.67 at the ordering cutoff before 24 October, for the deliveries 24–31 October (2 deliveries)',
    ]);
    expect(screen.getByText('The season from then costs', { exact: false }).textContent).toBe(
      'The season from then costs $106.67, in 3 payments.',
    );
    expect(screen.queryByText(/comes next/)).toBeNull();

    await fillCard();
    await press('Save card and pay $40.00');
    expect(await screen.findByText('You are subscribed to Autumn share.')).toBeTruthy();
    expect(
      screen.getByText('Your card was charged $40.00 for the deliveries 12–26 September (3 deliveries).'),
    ).toBeTruthy();
    const sent = requests.find((r) => r.method === 'POST' && new URL(r.url).pathname === '/api/subscriptions');
    expect(await sent?.json()).toMatchObject({ planId: PLAN_ID, windowId: WINDOW_ID, setupIntentId: 'seti_1' });
  });

  it('shows why the card was not charged and keeps the form filled to try another card', async () => {
    const refusal = `${SUBSCRIBE_MESSAGES.seasonNotCharged}: your card was declined.`;
    renderPage(<SubscribeSection plan={plan} />, {
      user: CUSTOMER,
      routes: routes(() => ({ status: 402, body: { error: { code: 'PAYMENT_FAILED', message: refusal } } })),
    });
    await screen.findByText(/^Today:/);
    await fillCard();
    await press('Save card and pay $40.00');
    expect((await screen.findByText(refusal)).getAttribute('role')).toBe('alert');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).not.toBe('');
    expect(screen.getByRole('button', { name: 'Save card and pay $40.00' })).toBeTruthy();
  });

  it('says for a season paid up front that nothing more is taken', async () => {
    const upFront = { ...quote, installments: null, schedule: [{ ...quote.schedule![0], amount: 106.67 }] };
    renderPage(<SubscribeSection plan={{ ...plan, billing: 'season', installments: null }} />, {
      user: CUSTOMER,
      routes: { ...routes(() => ({})), [`GET /api/subscription-plans/${PLAN_ID}/quote`]: upFront },
    });
    expect(await screen.findByText('That pays for the whole season: nothing more is taken.')).toBeTruthy();
    expect(screen.getByText('The season from then costs', { exact: false }).textContent).toBe(
      'The season from then costs $106.67.',
    );
    expect(await screen.findByRole('button', { name: 'Save card and pay $106.67' })).toBeTruthy();
  });
});
