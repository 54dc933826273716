import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PRODUCT_LIMIT_MESSAGE, type VendorProduct } from '#contract/products.ts';
import { aVendorOption } from '../../test/options.ts';
import { press, renderPage, VENDOR } from '../../test/render.tsx';
import { AddProductPage } from './AddProductPage.tsx';
import { EditProductDialog } from './EditProductDialog.tsx';

const FORM_LABELS = [
  'Category',
  'Product Name',
  'Product Quantity',
  'Product Description',
  'Production Cost ($)',
  'Profit Margin(%)',
  'Manufacturing Date',
  'Expire Date',
  'Product Image',
];

const allowance = (canAdd: boolean) => ({ canAdd, limit: 5, productCount: canAdd ? 1 : 5, membership: 'normal' });

describe('add product page', () => {
  it('shows every required field, the unit of the category and the live price', async () => {
    const { requests } = renderPage(<AddProductPage />, {
      user: VENDOR,
      routes: { 'GET /api/products/vendor/allowance': allowance(true) },
    });
    expect(await screen.findByText('Normal membership: 1 of 5 products listed.')).toBeTruthy();
    await press('Add Product');
    // The form validates asynchronously: its messages come with a render after the click.
    await waitFor(() => expect(screen.getByLabelText('Product Image').getAttribute('aria-invalid')).toBe('true'));
    for (const label of ['Category', 'Product Name', 'Product Description', 'Manufacturing Date', 'Product Image']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(screen.getByText('Follows the category')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'fruit');
    expect(screen.getByText(/^Sold by the /)).toBeTruthy();

    const price = screen.getByText('Price').parentElement as HTMLElement;
    expect(within(price).getByText('—')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Production Cost ($)'), '10');
    await userEvent.type(screen.getByLabelText('Profit Margin(%)'), '12.5');
    expect(within(price).getByText('$11.25')).toBeTruthy();
    expect(within(price).getByText('Cost plus your margin, at most $100,000; the server confirms it.')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Production Cost ($)'));
    await userEvent.type(screen.getByLabelText('Production Cost ($)'), '100000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('At most $100,000')).toBeTruthy();
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('names what each empty field needs in the spec’s words (every field is required)', async () => {
    renderPage(<AddProductPage />, { user: VENDOR, routes: { 'GET /api/products/vendor/allowance': allowance(true) } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const messages = Object.fromEntries(
      FORM_LABELS.map((label) => {
        const describedBy = screen.getByLabelText(label).getAttribute('aria-describedby') ?? '';
        return [label, document.getElementById(describedBy)?.textContent];
      }),
    );
    expect(messages).toEqual({
      ...Object.fromEntries(FORM_LABELS.map((label) => [label, 'This field is required'])),
      Category: 'Choose a category',
    });
  });

  it('offers the premium membership instead of the form at the limit', async () => {
    renderPage(<AddProductPage />, {
      user: VENDOR,
      routes: { 'GET /api/products/vendor/allowance': allowance(false) },
    });
    expect(await screen.findByText(PRODUCT_LIMIT_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Product' })).toBeNull();
  });
});

/** A day from the test's clock, YYYY-MM-DD (an offered product expires after today). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const melon: VendorProduct = {
  allergens: [],
  labels: [],
  ingredients: '',
  _id: '00000000-0000-4000-8000-0000000000aa',
  email: VENDOR.email,
  productName: 'Melon',
  productDetails: 'Sweet',
  productCategory: 'fruit',
  productQuantity: { value: 3, unit: 'kg' },
  productionCost: 10,
  profitMargin: 20,
  productPrice: 12,
  pricing: 'costAndMargin',
  productManufacturingDate: dayFromToday(-30),
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/melon.webp',
  createdAt: `${dayFromToday(-30)}T00:00:00.000Z`,
  shopAddress: '1 Farm Road',
  shopImage: '/uploads/shop.webp',
  shopName: 'Vera Farm',
  popularity: 0,
  shopId: VENDOR.id,
  expired: false,
  soldByWeight: false,
  gramsPerPiece: null,
  origin: null,
  options: [
    aVendorOption({
      label: '1 kg',
      price: 12,
      unit: 'kg',
      available: 3,
      productionCost: 10,
      profitMargin: 20,
      pricing: 'costAndMargin',
    }),
  ],
  stockShared: false,
  pool: null,
};

describe('edit product dialog', () => {
  it('is the same form filled with the product; it saves what changed and closes', async () => {
    let saved: unknown;
    let closed = false;
    renderPage(<EditProductDialog product={melon} onClose={() => (closed = true)} />, {
      user: VENDOR,
      routes: {
        [`PUT /api/products/${melon._id}`]: async (request: Request) => {
          saved = await request.json();
          return { body: { ...melon, ...(saved as object) } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Melon' });
    expect(within(dialog).getByLabelText('Product Name')).toHaveProperty('value', 'Melon');
    expect(within(dialog).getByText('$12.00')).toBeTruthy();
    expect(within(dialog).getByAltText('Uploaded product')).toBeTruthy();

    const cost = within(dialog).getByLabelText('Production Cost ($)');
    await userEvent.clear(cost);
    await userEvent.type(cost, '20');
    expect(within(dialog).getByText('$24.00')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(saved).toMatchObject({ productName: 'Melon', productionCost: 20, profitMargin: 20, productQuantity: 3 });
  });
});

describe('the price a farmer types (issue 32)', () => {
  it('takes the price as typed and shows the margin a cost gives', async () => {
    renderPage(<AddProductPage />, { user: VENDOR, routes: { 'GET /api/products/vendor/allowance': allowance(true) } });
    await userEvent.click(await screen.findByLabelText('Set the price'));
    expect(screen.queryByLabelText('Profit Margin(%)')).toBeNull();
    const margin = screen.getByText('Your margin').parentElement as HTMLElement;
    expect(within(margin).getByText('—')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Price ($)'), '4.50');
    // No cost given: no margin, and none is needed.
    expect(within(margin).getByText('—')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Production Cost ($, optional)'), '3');
    expect(within(margin).getByText('50%')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Price ($)'));
    await userEvent.type(screen.getByLabelText('Price ($)'), '2.70');
    expect(within(margin).getByText('−10%')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Price ($)'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(screen.getByLabelText('Price ($)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByLabelText('Production Cost ($, optional)').getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(screen.getByLabelText('Price ($)'), '100000.01');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('At most $100,000')).toBeTruthy();
  });

  it('starts the typed price from the one cost and margin worked out', async () => {
    renderPage(<AddProductPage />, { user: VENDOR, routes: { 'GET /api/products/vendor/allowance': allowance(true) } });
    await userEvent.type(await screen.findByLabelText('Production Cost ($)'), '10');
    await userEvent.type(screen.getByLabelText('Profit Margin(%)'), '12.5');
    await userEvent.click(screen.getByLabelText('Set the price'));
    expect(screen.getByLabelText('Price ($)')).toHaveProperty('value', '11.25');
    expect(within(screen.getByText('Your margin').parentElement as HTMLElement).getByText('12.5%')).toBeTruthy();
  });

  it('edits a product priced by hand as such, and saves a price with no cost', async () => {
    let saved: unknown;
    const jam: VendorProduct = {
      ...melon,
      _id: '00000000-0000-4000-8000-0000000000bb',
      productName: 'Jam',
      pricing: 'price',
      productPrice: 7,
      productionCost: 5,
      profitMargin: 40,
    };
    renderPage(<EditProductDialog product={jam} onClose={() => {}} />, {
      user: VENDOR,
      routes: {
        [`PUT /api/products/${jam._id}`]: async (request: Request) => {
          saved = await request.json();
          return { body: { ...jam, ...(saved as object) } };
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Jam' });
    expect(within(dialog).getByLabelText('Set the price')).toHaveProperty('checked', true);
    expect(within(dialog).getByLabelText('Price ($)')).toHaveProperty('value', '7');
    expect(within(dialog).getByText('40%')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Production Cost ($, optional)'));
    await userEvent.clear(within(dialog).getByLabelText('Price ($)'));
    await userEvent.type(within(dialog).getByLabelText('Price ($)'), '7.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toBeTruthy());
    expect(saved).toMatchObject({ pricing: 'price', productPrice: 7.5, productionCost: null, profitMargin: null });
  });
});
