import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NET_QUANTITY_NEEDED, PACK_LABEL_NEEDED } from '#contract/products.ts';
import { renderPage, VENDOR } from '../../test/render.tsx';
import { AddProductPage } from './AddProductPage.tsx';

/** Issue 32, item 2 (decision 053): "Sold by" proposes the category's unit; a pack needs its name and net quantity. */
const allowance = { canAdd: true, limit: 5, productCount: 1, membership: 'normal' };

describe('what a product is sold by', () => {
  it("proposes the category's unit, and asks a pack for its name and net quantity", async () => {
    const { requests } = renderPage(<AddProductPage />, {
      user: VENDOR,
      routes: { 'GET /api/products/vendor/allowance': allowance },
    });
    const soldBy = await screen.findByLabelText('Sold by');
    expect(soldBy).toHaveProperty('value', '');
    expect(screen.getByText(/To sell 500 g of tomatoes, sell a pack of 500 g/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'sweet');
    await waitFor(() => expect(soldBy).toHaveProperty('value', 'kg'));
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'proteins');
    await waitFor(() => expect(soldBy).toHaveProperty('value', 'piece'));

    expect(screen.queryByLabelText('Net quantity')).toBeNull();
    await userEvent.selectOptions(soldBy, 'pack');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Pack name (jar, 200 g bag, box of 6)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(PACK_LABEL_NEEDED)).toBeTruthy();
    expect(screen.getByText(NET_QUANTITY_NEEDED)).toBeTruthy();
    // The farmer's choice stays when the category changes.
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'milk');
    expect(soldBy).toHaveProperty('value', 'pack');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('sends the honey jar as a pack of 340 g', async () => {
    let sent: Record<string, unknown> = {};
    renderPage(<AddProductPage />, {
      user: VENDOR,
      routes: {
        'GET /api/products/vendor/allowance': allowance,
        'POST /api/products': async (request: Request) => {
          sent = await request.json();
          return { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'stop here' } } };
        },
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Category'), 'sweet');
    await userEvent.selectOptions(screen.getByLabelText('Sold by'), 'pack');
    await userEvent.type(screen.getByLabelText('Pack name (jar, 200 g bag, box of 6)'), 'jar');
    await userEvent.type(screen.getByLabelText('Net quantity'), '340');
    await userEvent.selectOptions(screen.getByLabelText('Net unit'), 'g');
    await userEvent.type(screen.getByLabelText('Product Name'), 'Honey');
    await userEvent.type(screen.getByLabelText('Product Quantity'), '12');
    await userEvent.type(screen.getByLabelText('Product Description'), 'Raw honey');
    await userEvent.type(screen.getByLabelText('Production Cost ($)'), '5');
    await userEvent.type(screen.getByLabelText('Profit Margin(%)'), '50');
    await userEvent.type(screen.getByLabelText('Manufacturing Date'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('Expire Date'), '2099-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    // The picture is missing: nothing is sent, but the pack's fields pass.
    await waitFor(() => expect(screen.getByLabelText('Product Image').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Net quantity').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText('Pack name (jar, 200 g bag, box of 6)').getAttribute('aria-invalid')).toBeNull();
    expect(sent).toEqual({});
  });
});
