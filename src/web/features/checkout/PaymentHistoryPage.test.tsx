import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CustomerPayment } from '#contract/orders.ts';
import { pageOf } from '#contract/pagination.ts';
import { CUSTOMER, renderPage } from '../../test/render.tsx';
import { tableRows } from '../../test/table.ts';
import { PaymentHistoryPage } from './PaymentHistoryPage.tsx';

const payment = (n: number, price: number): CustomerPayment => ({
  _id: `00000000-0000-4000-8000-0000000${n}`,
  orderId: `00000000-0000-4000-9000-0000000${n}`,
  orderNumber: `FS-${n}`,
  invoiceNumber: `INV-${n}`,
  email: CUSTOMER.email,
  price,
  subtotal: price,
  discount: 0,
  deliveryFee: 0,
  couponCode: null,
  date: '2026-11-20T10:00:00.000Z',
  cartIds: [],
  productIds: [],
  name: 'Ann',
  orderName: 'Ann',
  phoneNumber: '+1 555 0100',
  address: '1 Orchard Lane',
  note: null,
  fulfilment: [],
  cancelledSlots: [],
  transactionId: `pi_sb_${n}`,
  status: 'pending',
  cardBrand: 'visa',
  cardLast4: '4242',
  refunds: [],
  refunded: 0,
  refundPending: 0,
  netPaid: price,
  hold: null,
});

const payments = [payment(10235, 12), payment(10234, 7.5)];

/** The buyer's history as the server answers it: `q` finds the order of that number. */
const history = (request: Request) => {
  const url = new URL(request.url);
  const q = url.searchParams.get('q');
  const found = q ? payments.filter((p) => p.orderNumber === `FS-${q.replace(/^fs-/i, '')}`) : payments;
  return { body: pageOf(found, found.length, { page: 1, limit: 10 }) };
};

describe('the payment history', () => {
  it('names each order by its number, with the transaction id the spec lists beside it', async () => {
    renderPage(<PaymentHistoryPage />, {
      user: CUSTOMER,
      routes: { [`GET /api/customerPayments/${encodeURIComponent(CUSTOMER.email)}`]: history },
    });
    expect(await screen.findByRole('heading', { name: 'Transaction History List: 2' })).toBeTruthy();
    const headers = within(screen.getByRole('region', { name: 'Payment history' }))
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['#', 'Order', 'Price', 'Order Date', 'Transaction Id', 'Status', 'Delivery', 'Invoice']);
    const [first] = tableRows('Payment history');
    expect(within(first).getByText('FS-10235')).toBeTruthy();
    expect(within(first).getByText('pi_sb_10235')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Invoice for FS-10235' })).toBeTruthy();
  });

  it('finds an order by its number and shows all again', async () => {
    const { requests } = renderPage(<PaymentHistoryPage />, {
      user: CUSTOMER,
      routes: { [`GET /api/customerPayments/${encodeURIComponent(CUSTOMER.email)}`]: history },
    });
    await screen.findByRole('heading', { name: 'Transaction History List: 2' });
    await userEvent.type(screen.getByLabelText('Order number'), 'fs-10234');
    await userEvent.click(screen.getByRole('button', { name: 'Find order' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Found FS-10234');
    expect(tableRows('Payment history')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Transaction History List: 2' })).toBeTruthy();
    expect(requests.map((r) => new URL(r.url).searchParams.get('q'))).toContain('fs-10234');

    await userEvent.click(screen.getByRole('button', { name: 'Show all orders' }));
    expect(await screen.findAllByText('FS-10235')).toBeTruthy();
    expect(tableRows('Payment history')).toHaveLength(2);
  });

  it('lists what each order bought, a size of a product sold in several by its name, in its own units', async () => {
    const line = (name: string, amount: number, extra: object) => ({
      _id: `line-${name}`,
      productId: '00000000-0000-4000-9000-000000000077',
      amount,
      price: 6.5,
      totalPrice: 6.5 * amount,
      shopName: 'Vera Farm',
      shopId: '00000000-0000-4000-8000-000000000009',
      itemName: name,
      image: '/uploads/eggs.webp',
      status: 'pending' as const,
      refund: null,
      ...extra,
    });
    const eggs = {
      ...payment(10236, 10),
      productIds: [
        line('Eggs — Dozen', 1, { optionLabel: 'Dozen', unit: 'dozen', pack: null }),
        line('Eggs — Half dozen', 2, {
          optionLabel: 'Half dozen',
          unit: 'pack',
          pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
        }),
      ],
    };
    renderPage(<PaymentHistoryPage />, {
      user: CUSTOMER,
      routes: {
        [`GET /api/customerPayments/${encodeURIComponent(CUSTOMER.email)}`]: pageOf([eggs], 1, { page: 1, limit: 10 }),
      },
    });
    await screen.findByRole('heading', { name: 'Transaction History List: 1' });
    const [row] = tableRows('Payment history');
    const items = within(row).getByRole('list', { name: 'Items of FS-10236' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Eggs — Dozen, 1 dozen', 'Eggs — Half dozen, 2 × box of 6']);
  });

  it('says when no order has the number', async () => {
    renderPage(<PaymentHistoryPage />, {
      user: CUSTOMER,
      path: '/?q=FS-1',
      routes: { [`GET /api/customerPayments/${encodeURIComponent(CUSTOMER.email)}`]: history },
    });
    expect(await screen.findByText('No order FS-1 in your payments')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Payment history' })).toBeNull();
  });
});
