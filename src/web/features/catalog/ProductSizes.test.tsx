import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPTION_DRAWS_NEEDED, SKU_TAKEN, type VendorProduct } from '#contract/products.ts';
import { aVendorOption } from '../../test/options.ts';
import { renderPage, VENDOR } from '../../test/render.tsx';
import { AddProductPage } from './AddProductPage.tsx';
import { EditProductDialog } from './EditProductDialog.tsx';

/** Issue 32, item 3 (decision 052): the product form's "Sizes and packs". */

const allowance = { canAdd: true, limit: 5, productCount: 1, membership: 'normal' };
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const size = (n: number) => screen.getByRole('group', { name: `Size ${n}` });
/** The message under a control (its aria-describedby), or null when it has none. */
const messageOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null;

const half = aVendorOption({ label: 'Half dozen', price: 3.5, unit: 'piece', available: 10, draws: 6, stock: null });
const dozen = aVendorOption({ label: 'Dozen', price: 6.5, unit: 'dozen', available: 5, draws: 12, stock: null });
const eggs: VendorProduct = {
  _id: '00000000-0000-4000-8000-0000000000ee',
  email: VENDOR.email,
  productName: 'Eggs',
  productImage: '/uploads/eggs.webp',
  productCategory: 'milk',
  productDetails: 'Free range',
  productionCost: null,
  productQuantity: { value: 10, unit: 'piece' },
  profitMargin: null,
  productPrice: 3.5,
  pricing: 'price',
  productManufacturingDate: day(-2),
  productExpireDate: day(20),
  createdAt: `${day(-2)}T00:00:00.000Z`,
  shopAddress: '1 Farm Road',
  shopImage: '/uploads/shop.webp',
  shopName: 'Vera Farm',
  popularity: 0,
  shopId: VENDOR.id,
  expired: false,
  soldByWeight: false,
  gramsPerPiece: null,
  allergens: [],
  labels: [],
  ingredients: '',
  origin: null,
  options: [half, dozen],
  stockShared: true,
  pool: 60,
};

describe('sizes and packs in the product form', () => {
  it('keeps one size as the form was; "Add a size" makes the form’s own fields the first of two rows', async () => {
    const { requests } = renderPage(<AddProductPage />, {
      user: VENDOR,
      routes: { 'GET /api/products/vendor/allowance': allowance },
    });
    const sizes = await screen.findByRole('region', { name: 'Sizes and packs' });
    expect(screen.getByLabelText('Product Quantity')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Sold by'), 'dozen');
    await userEvent.type(screen.getByLabelText('Product Quantity'), '5');
    await userEvent.click(screen.getByLabelText('Set the price'));
    await userEvent.type(screen.getByLabelText('Price ($)'), '6.50');

    await userEvent.click(within(sizes).getByRole('button', { name: 'Add a size' }));
    // The one-size fields are the first row's now.
    expect(screen.queryByLabelText('Product Quantity')).toBeNull();
    expect(document.getElementById('add-productPrice')).toBeNull();
    expect(document.getElementById('add-unit')).toBeNull();
    expect(within(size(1)).getByLabelText('Sold by')).toHaveProperty('value', 'dozen');
    expect(within(size(1)).getByLabelText('Price ($)')).toHaveProperty('value', '6.5');
    expect(within(size(1)).getByLabelText('Stock')).toHaveProperty('value', '5');
    expect(within(size(2)).getByLabelText('Sold by')).toHaveProperty('value', 'dozen');
    expect(within(size(2)).getByLabelText('Price ($)')).toHaveProperty('value', '');

    // One stock for both: each says how many of its units one takes, and the form asks for the shared stock.
    await userEvent.click(screen.getByLabelText(/Sizes share one stock/));
    expect(screen.getByLabelText('Shared stock (units the sizes take)')).toBeTruthy();
    expect(within(size(1)).queryByLabelText('Stock')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() =>
      expect(within(size(2)).getByLabelText('Name (Half dozen, 500 g jar)').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(messageOf(within(size(2)).getByLabelText('Price ($)'))).toBe('This field is required');
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);

    // At most 10 sizes; a row comes out with its button.
    for (let n = 3; n <= 10; n += 1) await userEvent.click(screen.getByRole('button', { name: 'Add a size' }));
    expect(screen.getByRole('button', { name: 'Add a size' })).toHaveProperty('disabled', true);
    expect(screen.getByText('At most 10 sizes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove size 10' }));
    expect(screen.queryByRole('group', { name: 'Size 10' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a size' })).toHaveProperty('disabled', false);
  });

  it('edits a product’s sizes from one stock, and shows the server’s refusal beside the size it names', async () => {
    let saved: Record<string, unknown> | undefined;
    renderPage(<EditProductDialog product={eggs} onClose={() => {}} />, {
      user: VENDOR,
      routes: {
        [`PUT /api/products/${eggs._id}`]: async (request: Request) => {
          saved = await request.json();
          return {
            status: 409,
            body: { error: { code: 'CONFLICT', message: SKU_TAKEN, fields: { 'options.1.sku': SKU_TAKEN } } },
          };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Eggs' });
    expect(within(dialog).getByLabelText(/Sizes share one stock/)).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('Shared stock (units the sizes take)')).toHaveProperty('value', '60');
    expect(within(size(1)).getByLabelText('Name (Half dozen, 500 g jar)')).toHaveProperty('value', 'Half dozen');
    const takes = within(size(2)).getByLabelText('Units it takes');
    expect(takes).toHaveProperty('value', '12');
    // Each size says what it takes of the shared stock.
    await userEvent.clear(takes);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf(takes)).toBe(OPTION_DRAWS_NEEDED));
    expect(saved).toBeUndefined();
    await userEvent.type(takes, '12');
    const sku = within(size(2)).getByLabelText('SKU (blank: made for you)');
    await userEvent.clear(sku);
    await userEvent.type(sku, 'EGG-12');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(messageOf(sku)).toBe(SKU_TAKEN));
    expect(saved).toMatchObject({
      productQuantity: 60,
      stockShared: true,
      options: [
        { _id: half._id, label: 'Half dozen', productPrice: 3.5, pricing: 'price', draws: 6, stock: null },
        { _id: dozen._id, label: 'Dozen', productPrice: 6.5, sku: 'EGG-12', draws: 12, stock: null },
      ],
    });
    // The one-size fields are the sizes' and are not sent.
    expect(saved).not.toHaveProperty('productPrice');
    expect(saved).not.toHaveProperty('unit');
  });

  it('turns a product of one size into two: the first row edits its option, each counting its own stock', async () => {
    let saved: Record<string, unknown> | undefined;
    const jar = aVendorOption({
      label: '1 kg',
      price: 12,
      unit: 'kg',
      available: 7,
      draws: 1,
      stock: null,
      sku: 'HON-1',
    });
    const honey: VendorProduct = {
      ...eggs,
      productName: 'Honey',
      productPrice: 12,
      productQuantity: { value: 7, unit: 'kg' },
      options: [jar],
      pool: 7,
    };
    renderPage(<EditProductDialog product={honey} onClose={() => {}} />, {
      user: VENDOR,
      routes: {
        [`PUT /api/products/${honey._id}`]: async (request: Request) => {
          saved = await request.json();
          return { status: 400, body: { error: { code: 'BAD_REQUEST', message: 'stop here' } } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Honey' });
    expect(within(dialog).getByLabelText('Product Quantity')).toHaveProperty('value', '7');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a size' }));
    expect(within(dialog).getByLabelText(/Sizes share one stock/)).toHaveProperty('checked', false);
    expect(within(size(1)).getByLabelText('SKU (blank: made for you)')).toHaveProperty('value', 'HON-1');
    expect(within(size(1)).getByLabelText('Stock')).toHaveProperty('value', '7');
    await userEvent.type(within(size(1)).getByLabelText('Name (Half dozen, 500 g jar)'), '1 kg tub');
    await userEvent.type(within(size(2)).getByLabelText('Name (Half dozen, 500 g jar)'), '500 g');
    await userEvent.selectOptions(within(size(2)).getByLabelText('Sold by'), 'g');
    await userEvent.type(within(size(2)).getByLabelText('Price ($)'), '7');
    await userEvent.type(within(size(2)).getByLabelText('Stock'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toMatchObject({
      stockShared: false,
      options: [
        { _id: jar._id, label: '1 kg tub', sku: 'HON-1', unit: 'kg', productPrice: 12, stock: 7, draws: null },
        { label: '500 g', unit: 'g', productPrice: 7, stock: 5, draws: null },
      ],
    });
    expect(saved).not.toHaveProperty('productQuantity');
    expect((saved as { options: object[] }).options[1]).not.toHaveProperty('_id');
  });
});
