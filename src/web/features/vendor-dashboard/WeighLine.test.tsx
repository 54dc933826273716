import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VendorOrder } from '#contract/fulfilment.ts';
import { renderPage, VENDOR } from '../../test/render.tsx';
import { WeighLine } from './WeighLine.tsx';

const ORDER = '00000000-0000-4000-8000-000000000001';
const line = {
  _id: '00000000-0000-4000-8000-000000000002',
  productId: '00000000-0000-4000-8000-000000000003',
  itemName: 'Ribeye',
  image: '/uploads/ribeye.webp',
  amount: 1,
  unitPrice: 20,
  totalPrice: 10,
  status: 'pending',
  estimatedGrams: 500,
  actualGrams: null,
  commissionPercent: 10,
} satisfies VendorOrder['lines'][number];
const BOUND = 'At most 550 g can be charged for this line (its estimate of 500 g plus 10%)';

describe('the weight of a weighed line', () => {
  it('shows the server’s bound when the weight is over the estimate + 10%, and sends grams', async () => {
    const sent: unknown[] = [];
    renderPage(<WeighLine orderId={ORDER} line={line} />, {
      user: VENDOR,
      routes: {
        [`PUT /api/vendor/orders/${ORDER}/lines/${line._id}/weight`]: async (request: Request) => {
          sent.push(await request.json());
          return { status: 400, body: { error: { code: 'VALIDATION', message: BOUND, fields: { grams: BOUND } } } };
        },
      },
    });
    await userEvent.type(screen.getByLabelText('Weight of Ribeye'), '0.6');
    await userEvent.selectOptions(screen.getByLabelText('Unit'), 'kg');
    await userEvent.click(screen.getByRole('button', { name: 'Save weight' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BOUND);
    expect(sent).toEqual([{ grams: 600 }]);
    expect(screen.getByLabelText('Weight of Ribeye').getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the number keypad and remembers the unit on this device', async () => {
    localStorage.removeItem('farmstall.weigh-unit');
    const first = renderPage(<WeighLine orderId={ORDER} line={line} />, { user: VENDOR, routes: {} });
    const weight = screen.getByLabelText('Weight of Ribeye');
    expect(weight.getAttribute('inputmode')).toBe('decimal');
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('g');
    await userEvent.selectOptions(screen.getByLabelText('Unit'), 'kg');
    first.unmount();

    renderPage(<WeighLine orderId={ORDER} line={line} />, { user: VENDOR, routes: {} });
    expect((screen.getByLabelText('Unit') as HTMLSelectElement).value).toBe('kg');
  });
});
