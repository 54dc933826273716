import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '#contract/cart.ts';
import type { CheckoutPlan } from '#contract/checkout-plan.ts';
import type { Slot } from '#contract/slots.ts';
import { planOf, SHOP_ID, shopPlan, testSlot } from '../../test/checkout-plan.ts';
import { CUSTOMER, renderPage } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { CartPage } from './CartPage.tsx';

const line = (n: number, extra: Partial<CartItem> = {}): CartItem => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  productId: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  email: CUSTOMER.email,
  image: `/uploads/p${n}.webp`,
  name: `Product ${n}`,
  spendMoney: 2 * (n + 0.5),
  amount: 2,
  price: n + 0.5,
  shopName: 'Vera Farm',
  shopId: '00000000-0000-4000-8000-000000000009',
  stock: 10,
  unit: 'kg',
  available: true,
  unavailableReason: null,
  ...extra,
});

const PICKUP = testSlot('pickup-sat');
const FULL = testSlot('pickup-wed', {
  start: '2026-12-02T15:00:00-08:00',
  end: '2026-12-02T18:00:00-08:00',
  remaining: 0,
  status: 'full',
});
const DELIVERY = testSlot('delivery-fri', {
  kind: 'delivery',
  pickupPoint: null,
  start: '2026-11-27T16:00:00-08:00',
  end: '2026-11-27T20:00:00-08:00',
  fee: 5,
});

/** The plan and the shop's slots, as the server answers them for a cart whose part is to be collected. */
const ready = {
  'GET /api/cart/fulfilment': planOf(shopPlan()),
  [`GET /api/shops/${SHOP_ID}/slots`]: {
    shopId: SHOP_ID,
    timeZone: 'America/Los_Angeles',
    from: '2026-11-23',
    to: '2026-12-06',
    delivery: { fee: 5, freeOver: 40, minimumOrder: 10 },
    slots: [DELIVERY, PICKUP, FULL],
  },
};

const summary = () => screen.getByRole('region', { name: 'Order summary' });
const cartRows = () => tableRows('Cart table');
/** The table's version of the page (phones get the same lines as cards, hidden from wider screens by CSS). */
const table = () => within(screen.getByRole('region', { name: 'Cart table' }));

describe('cart page', () => {
  it('lists the lines five a page in a scroll region, sums them and lets the buyer check out', async () => {
    const items = [1, 2, 3, 4, 5, 6].map((n) => line(n));
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': items } });
    expect((await screen.findByText(/products in your cart/)).textContent).toBe('There are 6 products in your cart');
    expect(cartRows().map((row) => within(row).getByText(/^Product \d$/).textContent)).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
      'Product 4',
      'Product 5',
    ]);
    expect(within(cartRows()[0]).getByText('$1.50')).toBeTruthy();
    expect(within(cartRows()[0]).getByText('$3.00')).toBeTruthy();
    // 2 × (1.5 + 2.5 + … + 6.5) = 48
    expect(within(summary()).getAllByText('$48.00')).toHaveLength(2);
    expect(within(summary()).getByRole('link', { name: 'Proceed To Checkout' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(cartRows().map((row) => within(row).getByText(/^Product \d$/).textContent)).toEqual(['Product 6']);
  });

  it('says one product in the singular', async () => {
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': [line(1)] } });
    expect((await screen.findByText(/in your cart/)).textContent).toBe('There is 1 product in your cart');
  });

  it('marks a line that can no longer be bought and holds the checkout back', async () => {
    const items = [line(1), line(2, { available: false, unavailableReason: 'not_enough_stock', stock: 1 })];
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': items } });
    expect(await screen.findAllByText('Not enough stock (1 left)')).toHaveLength(2); // table and phone card
    expect(within(summary()).getByRole('alert').textContent).toContain('Remove the marked lines to check out.');
    expect(within(summary()).getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty('disabled', true);
  });

  it('shows each line’s quantity, and why each line that can no longer be bought cannot', async () => {
    const items = [
      line(1, { amount: 3, spendMoney: 4.5 }),
      line(2, { available: false, unavailableReason: 'sold_out', stock: 0 }),
      line(3, { available: false, unavailableReason: 'expired' }),
      line(4, { available: false, unavailableReason: 'unlisted' }),
    ];
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': items } });
    await screen.findByText(/products in your cart/);
    const headers = within(screen.getByRole('region', { name: 'Cart table' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = (row: HTMLElement, header: string) =>
      within(row).getAllByRole('cell')[headers.indexOf(header)].textContent;
    expect(
      [1, 2, 3, 4].map(
        (n) => table().getByRole<HTMLInputElement>('textbox', { name: `Quantity of Product ${n}` }).value,
      ),
    ).toEqual(['3', '2', '2', '2']);
    expect(column(cartRows()[0], 'Unit Price')).toBe('$1.50 per kg');
    // Sold out, expired or unlisted lines can only be removed.
    expect(table().getByRole('group', { name: 'Quantity of Product 1' })).toHaveProperty('disabled', false);
    for (const n of [2, 3, 4]) {
      expect(table().getByRole('group', { name: `Quantity of Product ${n}` })).toHaveProperty('disabled', true);
    }
    expect(column(cartRows()[0], 'Subtotal')).toBe('$4.50');
    expect(cartRows().map((row) => column(row, 'Product'))).toEqual([
      'Product 1By: Vera Farm',
      'Product 2By: Vera FarmSold out',
      'Product 3By: Vera FarmExpired',
      'Product 4By: Vera FarmNo longer sold',
    ]);
  });

  it('removes a line only after the confirmation, then shows the cart without it', async () => {
    let items = [line(1), line(2)];
    const { requests } = renderPage(<CartPage />, {
      user: CUSTOMER,
      routes: {
        ...ready,
        'GET /api/carts': () => ({ body: items }),
        [`DELETE /api/carts/${line(1)._id}`]: () => {
          items = items.filter((item) => item._id !== line(1)._id);
          return { body: { deletedCount: 1 } };
        },
      },
    });
    await screen.findByText(/products in your cart/);
    await userEvent.click(table().getByRole('button', { name: 'Remove Product 1' }));
    expect(await screen.findByRole('heading', { name: 'Are you sure?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Are you sure?' })).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await userEvent.click(table().getByRole('button', { name: 'Remove Product 1' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByRole('heading', { name: 'Deleted!' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(table().queryByRole('button', { name: 'Remove Product 1' })).toBeNull());
    expect(table().getByRole('button', { name: 'Remove Product 2' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('changes a quantity with − / + and by typing, up to the stock, and shows what the server refused', async () => {
    let items = [line(1, { stock: 3 })];
    const sent: number[] = [];
    renderPage(<CartPage />, {
      user: CUSTOMER,
      routes: {
        ...ready,
        'GET /api/carts': () => ({ body: items }),
        [`PATCH /api/carts/${line(1)._id}`]: async (request: Request) => {
          const { amount } = (await request.json()) as { amount: number };
          sent.push(amount);
          if (amount === 3) {
            return { status: 409, body: { error: { code: 'CONFLICT', message: 'Only 2 of Product 1 in stock' } } };
          }
          items = [line(1, { stock: 3, amount, spendMoney: 1.5 * amount })];
          return { body: items[0] };
        },
      },
    });
    const stepper = await screen.findAllByRole('group', { name: 'Quantity of Product 1' });
    expect(stepper).toHaveLength(2); // the table's and the phone card's
    const box = table().getByRole<HTMLInputElement>('textbox', { name: 'Quantity of Product 1' });
    expect(table().getByText('3 kg in stock')).toBeTruthy();

    await userEvent.click(table().getByRole('button', { name: 'One less Product 1' }));
    await waitFor(() => expect(box.value).toBe('1'));
    expect(table().getByRole('button', { name: 'One less Product 1' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(within(summary()).getAllByText('$1.50')).toHaveLength(2));

    await userEvent.clear(box);
    await userEvent.type(box, '9{Enter}');
    await waitFor(() => expect(table().getByRole('alert').textContent).toBe('Only 2 of Product 1 in stock'));
    expect(sent).toEqual([1, 3]);
    // The refused change is undone: the cart is read again and shows the line as the server has it.
    await waitFor(() => expect(box.value).toBe('1'));

    await userEvent.click(table().getByRole('button', { name: 'One more Product 1' }));
    await waitFor(() => expect(box.value).toBe('2'));
    expect(table().queryByRole('alert')).toBeNull();
  });

  it('shows each line as a card too (for phones): picture, name, unit price, quantity, subtotal and Remove', async () => {
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': [line(1, { unit: 'liter' })] } });
    const card = within(await screen.findByRole('article', { name: 'Product 1' }));
    expect(card.getByRole('img', { name: 'Product 1' })).toBeTruthy();
    expect(card.getByText('$1.50').textContent).toBe('$1.50 per liter');
    expect(card.getByRole<HTMLInputElement>('textbox', { name: 'Quantity of Product 1' }).value).toBe('2');
    expect(card.getByText('Subtotal').textContent).toBe('Subtotal$3.00');
    expect(card.getByRole('button', { name: 'Remove Product 1' })).toBeTruthy();
  });

  it('names the size of each line of a product sold in several, with the size’s own price and unit (decision 052)', async () => {
    const eggs = { productId: line(7).productId, name: 'Eggs', stock: 5 };
    const dozen = line(7, { ...eggs, optionId: 'o-12', optionLabel: 'Dozen', price: 6.5, unit: 'dozen', amount: 1 });
    const half = line(8, {
      ...eggs,
      optionId: 'o-6',
      optionLabel: 'Half dozen',
      price: 3.5,
      unit: 'pack',
      pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
      amount: 1,
    });
    renderPage(<CartPage />, { user: CUSTOMER, routes: { ...ready, 'GET /api/carts': [dozen, half] } });
    const card = within(await screen.findByRole('article', { name: 'Eggs — Dozen' }));
    expect(card.getByText('Dozen')).toBeTruthy();
    expect(card.getByText('$6.50').textContent).toBe('$6.50 · $0.54 each');
    expect(card.getByText('5 dozen in stock')).toBeTruthy();
    const other = within(screen.getByRole('article', { name: 'Eggs — Half dozen' }));
    expect(other.getByText('$3.50').textContent).toBe('$3.50 · $0.58 each');
    expect(other.getByRole('textbox', { name: 'Quantity of Eggs — Half dozen' })).toBeTruthy();
    expect(other.getByRole('button', { name: 'Remove Eggs — Half dozen' })).toBeTruthy();
    expect(table().getAllByText('Half dozen')).toHaveLength(1);
  });

  it('asks each shop for pickup or delivery and a time in its zone, adds the delivery fee, and waits until all is chosen', async () => {
    const required = {
      code: 'SLOT_REQUIRED' as const,
      message: 'Please choose a pickup or delivery time for Vera Farm',
    };
    const outside = { code: 'OUT_OF_AREA' as const, message: 'Vera Farm does not deliver to 97201' };
    const address = (postcode: string) => ({ address: '7 Orchard Lane', postcode });
    /** As the server prices a choice: the fee for delivery, refused outside the area (only 97141 is inside). */
    const priced = (chosen: Slot | null, to: CheckoutPlan['deliveryAddress']) => {
      const delivering = chosen?.kind === 'delivery';
      const problem = !chosen ? required : delivering && to?.postcode !== '97141' ? outside : null;
      const choice = chosen && { slot: chosen, note: null };
      return planOf(shopPlan({ choice, deliveryFee: delivering ? 5 : 0, problem }), { deliveryAddress: to });
    };
    let plan = priced(null, null);
    const bodies: unknown[] = [];
    const answer = (next: (body: Record<string, string>) => CheckoutPlan) => async (request: Request) => {
      const body = await request.json();
      bodies.push(body);
      plan = next(body);
      return { body: plan };
    };
    renderPage(<CartPage />, {
      user: CUSTOMER,
      routes: {
        ...ready,
        'GET /api/carts': [line(1, { amount: 2, spendMoney: 3 }), line(2, { amount: 2, spendMoney: 5 })],
        'GET /api/cart/fulfilment': () => ({ body: plan }),
        [`PUT /api/cart/fulfilment/${SHOP_ID}`]: answer(({ slotId }) =>
          priced(slotId === DELIVERY.id ? DELIVERY : PICKUP, plan.deliveryAddress),
        ),
        'PUT /api/cart/delivery-address': answer((body) =>
          priced(plan.shops[0].choice?.slot ?? null, address(body.postcode)),
        ),
      },
    });
    const shop = within(await screen.findByRole('article', { name: 'Vera Farm' }));
    expect(within(summary()).getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty('disabled', true);
    expect(within(summary()).getByText('Please choose a pickup or delivery time for Vera Farm')).toBeTruthy();

    // Pickup times by place, in the shop's zone with its abbreviation; a full one cannot be chosen.
    const pickupTime = shop.getByLabelText<HTMLSelectElement>('Pickup time');
    await waitFor(() => expect(pickupTime.options).toHaveLength(3));
    const options = [...pickupTime.options].map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ['Choose a time', true],
      ['Sat 28 Nov, 09:00–12:00 PST · 4 left', false],
      ['Wed 2 Dec, 15:00–18:00 PST · full', true],
    ]);
    await userEvent.selectOptions(pickupTime, PICKUP.id);
    expect(await shop.findByText('Saturday Market')).toBeTruthy();
    expect(shop.getByText(/Collect at/).textContent).toBe('Collect at Saturday Market, 1 Market Square, Salem');
    expect(within(summary()).getByRole('link', { name: 'Proceed To Checkout' })).toBeTruthy();
    expect(within(summary()).getByText('Pickup · Vera Farm').nextSibling?.textContent).toBe('Free');

    // Delivery: one address for the cart, the server's sentence when it is outside the area, the fee once inside.
    await userEvent.click(shop.getByLabelText('Delivery'));
    await userEvent.type(screen.getByLabelText('Street address'), '7 Orchard Lane');
    await userEvent.type(screen.getByLabelText('Postcode'), '97201');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findByRole('status')).textContent).toBe('Delivering to 7 Orchard Lane, 97201');
    await userEvent.selectOptions(shop.getByLabelText('Delivery time'), DELIVERY.id);
    expect((await shop.findByRole('alert')).textContent).toBe('Vera Farm does not deliver to 97201');
    expect(within(summary()).getByRole('button', { name: 'Proceed To Checkout' })).toHaveProperty('disabled', true);
    await userEvent.clear(screen.getByLabelText('Postcode'));
    await userEvent.type(screen.getByLabelText('Postcode'), '97141');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(shop.queryByRole('alert')).toBeNull());
    expect(shop.getByLabelText<HTMLSelectElement>('Delivery time').value).toBe(DELIVERY.id);
    const fee = within(summary()).getByText('Delivery · Vera Farm', { exact: false });
    expect(fee.textContent).toBe('Delivery · Vera FarmFree over $40.00');
    expect(fee.nextSibling?.textContent).toBe('$5.00');
    expect(within(summary()).getByText('$13.00')).toBeTruthy(); // $8.00 of goods and $5.00 delivery
    expect(bodies).toEqual([
      { slotId: PICKUP.id, note: null },
      address('97201'),
      { slotId: DELIVERY.id, note: null },
      address('97141'),
    ]);
  });

  it('asks nothing of a shop without pickup or delivery times, and says the shop arranges it', async () => {
    const none = shopPlan({ offers: { pickup: false, delivery: null }, choice: null });
    renderPage(<CartPage />, {
      user: CUSTOMER,
      routes: { ...ready, 'GET /api/carts': [line(1)], 'GET /api/cart/fulfilment': planOf(none, { ready: true }) },
    });
    expect((await screen.findByText(/has no pickup or delivery times to choose/)).textContent).toBe(
      'Vera Farm has no pickup or delivery times to choose: it arranges handing over your order with you.',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(summary()).getByText('Delivery · Vera Farm', { exact: false }).nextSibling?.textContent).toBe('Free');
    expect(within(summary()).getByRole('link', { name: 'Proceed To Checkout' })).toBeTruthy();
  });
});
