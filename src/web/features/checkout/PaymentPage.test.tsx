import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '#contract/cart.ts';
import { RequireRole } from '../../auth/RequireRole.tsx';
import { planOf, shopPlan, testSlot } from '../../test/checkout-plan.ts';
import { CUSTOMER, press, renderPage } from '../../test/render.tsx';
import { PaymentPage } from './PaymentPage.tsx';

const line: CartItem = {
  _id: '00000000-0000-4000-8000-000000000001',
  productId: '00000000-0000-4000-9000-000000000001',
  email: CUSTOMER.email,
  image: '/uploads/melon.webp',
  name: 'Melon',
  spendMoney: 7.5,
  amount: 3,
  price: 2.5,
  shopName: 'Vera Farm',
  shopId: '00000000-0000-4000-8000-000000000009',
  stock: 10,
  unit: 'kg',
  available: true,
  unavailableReason: null,
};

/** As the route shows it: behind the customer guard, so the session is known when the form starts. */
const checkout = (
  <RequireRole roles={['customer']}>
    <PaymentPage />
  </RequireRole>
);

/** Vera Farm's part is collected at the market on Saturday. */
const veraPart = shopPlan({
  subtotal: 7.5,
  offers: { pickup: true, delivery: null },
  choice: { slot: testSlot('slot-sat'), note: 'Ring twice' },
});

/** Fills the form and the card; `address` null leaves the address blank. */
const fillIn = async (address: string | null = '1 Orchard Lane') => {
  await userEvent.type(await screen.findByLabelText('Phone Number'), '+1 555 0100');
  if (address) await userEvent.type(screen.getByLabelText(/^Delivery Address/), address);
  await userEvent.type(screen.getByLabelText('Card number'), '4242424242424242');
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), `12${(new Date().getFullYear() + 2) % 100}`);
  await userEvent.type(screen.getByLabelText('CVC'), '123');
};

const shop = {
  'GET /api/carts': [line],
  'GET /api/cart/fulfilment': planOf(veraPart),
  'GET /api/payments/config': { provider: 'sandbox', publishableKey: null },
};

/** The server's answers to paying (intent, sandbox card, order), keeping each request's body by path. */
function paying(bodies: Record<string, unknown>) {
  const keep = (answer: unknown) => async (request: Request) => {
    bodies[new URL(request.url).pathname] = await request.json();
    return { body: answer };
  };
  const intent = {
    clientSecret: 'secret_1',
    paymentIntentId: 'pi_1',
    provider: 'sandbox',
    amount: 7.5,
    subtotal: 7.5,
    discount: 0,
    couponCode: null,
  };
  return {
    'POST /api/customer-payment': keep(intent),
    'POST /api/payments/sandbox/confirm': keep({ id: 'pi_1', status: 'succeeded', cardBrand: null, cardLast4: '4242' }),
    'POST /api/customerPayments': keep({ insertedId: 'order-1', orderNumber: 'FS-10001' }),
  };
}

const pay = () => press('Pay $7.50');
const sent = (requests: Request[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${new URL(r.url).pathname}`);

/** A shop without pickup or delivery times: it arranges handing over, so it needs the shopper's address. */
const shippingShop = {
  ...shop,
  'GET /api/cart/fulfilment': planOf(
    shopPlan({ subtotal: 7.5, offers: { pickup: false, delivery: null }, choice: null }),
    {
      ready: true,
    },
  ),
};

describe('checkout form', () => {
  it('needs a name, a phone number and an address (the spec’s words) and a note of 500 characters at most, before any charge', async () => {
    const { requests } = renderPage(checkout, { user: CUSTOMER, routes: shippingShop });
    const name = await screen.findByLabelText('Name');
    expect((name as HTMLInputElement).value).toBe('Ann'); // the account's name to start with
    await userEvent.clear(name);
    await pay();
    // The form validates asynchronously: its messages come with a render after the click.
    await waitFor(() => expect(screen.getByLabelText('Delivery Address').getAttribute('aria-invalid')).toBe('true'));
    for (const label of ['Name', 'Phone Number', 'Delivery Address']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const message = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      expect(message?.textContent, label).toBe('This field is required');
    }
    await userEvent.type(screen.getByLabelText('Phone Number'), 'call me');
    await userEvent.click(screen.getByLabelText('Note for the shop (optional)'));
    await userEvent.paste('n'.repeat(501));
    await pay();
    expect(await screen.findByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('The note is too long (500 characters at most)')).toBeTruthy();
    expect(sent(requests)).toEqual([]);
  });

  it('charges the card and places the order with the delivery details, then shows the history', async () => {
    const bodies: Record<string, unknown> = {};
    const { requests, router } = renderPage(checkout, {
      user: CUSTOMER,
      path: '/dashboard/userPayment',
      routes: { ...shop, ...paying(bodies) },
    });
    await fillIn();
    await userEvent.type(screen.getByLabelText('Note for the shop (optional)'), 'Ring twice');
    await pay();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userPaymentHistory'));
    expect(sent(requests)).toEqual([
      'POST /api/customer-payment',
      'POST /api/payments/sandbox/confirm',
      'POST /api/customerPayments',
    ]);
    const details = { name: 'Ann', phoneNumber: '+1 555 0100', address: '1 Orchard Lane', note: 'Ring twice' };
    expect(bodies['/api/customer-payment']).toMatchObject({ price: 7.5, ...details });
    expect(bodies['/api/payments/sandbox/confirm']).toMatchObject({
      paymentIntentId: 'pi_1',
      clientSecret: 'secret_1',
    });
    expect(bodies['/api/customerPayments']).toEqual({ paymentIntentId: 'pi_1', ...details });
  });

  it('needs no address when every shop’s part is a pickup', async () => {
    const bodies: Record<string, unknown> = {};
    const { router } = renderPage(checkout, {
      user: CUSTOMER,
      path: '/dashboard/userPayment',
      routes: { ...shop, ...paying(bodies) },
    });
    expect(await screen.findByLabelText('Delivery Address (optional)')).toBeTruthy();
    expect(screen.getByText('You collect every part of this order, so no address is needed.')).toBeTruthy();
    await fillIn(null);
    await pay();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/userPaymentHistory'));
    expect(bodies['/api/customerPayments']).toMatchObject({ paymentIntentId: 'pi_1', address: '' });
  });

  it('shows how each shop hands its part over, and holds the payment until every shop has a time', async () => {
    const required = {
      code: 'SLOT_REQUIRED' as const,
      message: 'Please choose a pickup or delivery time for Vera Farm',
    };
    const { requests } = renderPage(checkout, {
      user: CUSTOMER,
      routes: { ...shop, 'GET /api/cart/fulfilment': planOf({ ...veraPart, choice: null, problem: required }) },
    });
    expect(await screen.findByText('Please choose a pickup or delivery time for Vera Farm')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose pickup or delivery in your cart' }).getAttribute('href')).toBe(
      '/dashboard/userCart',
    );
    expect(screen.getByRole('button', { name: 'Pay $7.50' })).toHaveProperty('disabled', true);
    expect(sent(requests)).toEqual([]);
  });

  it('lists the pickup it pays for, and shows the sentence of a slot that filled meanwhile with the way back', async () => {
    const full = 'Sat 28 Nov, 09:00–12:00 at Vera Farm is full: please choose another time';
    renderPage(checkout, {
      user: CUSTOMER,
      routes: {
        ...shop,
        'POST /api/customer-payment': () => ({ status: 409, body: { error: { code: 'SLOT_FULL', message: full } } }),
      },
    });
    const handovers = await screen.findByRole('list', { name: 'Pickup and delivery' });
    expect(handovers.textContent).toBe(
      'Vera Farm: Pickup, Sat 28 Nov, 09:00–12:00 PSTAt Saturday Market, 1 Market Square, SalemNote: “Ring twice”',
    );
    await fillIn();
    await pay();
    expect((await screen.findByText(full)).getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'Choose pickup or delivery in your cart' })).toBeTruthy();
  });
});
