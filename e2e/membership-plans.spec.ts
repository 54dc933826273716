import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import { bearer, registerCustomer, signInWith, tokenOf, unique, uploadPicture } from './helpers.ts';

/**
 * Membership plans the marketplace sets (decision 051): the admin raises the normal membership's limit to 20 on the
 * Memberships page, a farmer with 5 products then adds a sixth through the add form, and the vendor's membership
 * page shows the plans as the API gives them and still sells the premium one with Buy Now. The limit is one setting for the whole marketplace, so this journey
 * runs in the "marketplace settings" project, after every other journey (playwright.config.ts), and puts the normal
 * membership back as it found it.
 */
const ADMIN = { email: 'admin@farmstall.example', password: 'Admin#2026!' };
const PICTURE = 'node_modules/@lobehub/fluent-emoji-3d/assets/1f350.webp';

type Plan = {
  key: string;
  name: string;
  productLimit: number | null;
  price: number;
  billing: string;
  commissionPercent: number;
  goldBadge: boolean;
  position: number;
  active: boolean;
};
const inputOf = ({ key: _key, productLimit, ...plan }: Plan) => ({
  ...plan,
  unlimited: productLimit === null,
  ...(productLimit === null ? {} : { productLimit }),
});

test('the admin raises the normal membership to 20 products; a farmer adds a sixth and reads the plans', async ({
  page,
  request,
}) => {
  const admin = await tokenOf(request, ADMIN);
  const plans = (await (await request.get('/api/admin/membership-plans', { headers: bearer(admin) })).json())
    .plans as Plan[];
  const normal = plans.find((plan) => plan.key === 'normal') as Plan;
  expect(normal).toMatchObject({ productLimit: 5, price: 0, billing: 'free' });
  try {
    // A farmer with five products: at the spec's limit.
    const farmer = await registerCustomer(request, 'farmer', { name: 'Fern' });
    const becameVendor = await request.patch(`/api/users/email/${encodeURIComponent(farmer.email)}`, {
      headers: bearer(farmer.token),
      data: {
        shop: `Fern's Fields ${unique()}`,
        date: '2018-03-01',
        address: '9 Meadow Lane, Salem',
        phone: '+1 503 555 0142',
        image: '/favicon.svg',
      },
    });
    expect(becameVendor.ok(), await becameVendor.text()).toBe(true);
    const token = await tokenOf(request, farmer);
    const picture = await uploadPicture(request, token);
    for (let i = 1; i <= 5; i += 1) {
      const created = await request.post('/api/products', {
        headers: bearer(token),
        data: {
          productName: `Field beans ${i}`,
          productDetails: 'Picked this week.',
          productCategory: 'vegetable',
          productQuantity: 20,
          productionCost: 2,
          profitMargin: 25,
          productManufacturingDate: '2026-01-01',
          productExpireDate: dayFromToday(365),
          productImage: picture,
        },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    const atLimit = await request.get('/api/products/vendor/allowance', { headers: bearer(token) });
    expect(await atLimit.json()).toMatchObject({ productCount: 5, limit: 5, canAdd: false });

    // The admin raises the normal membership's limit on the Memberships page.
    await signInWith(page, admin);
    await page.goto('/dashboard/memberships');
    await expect(page.getByRole('heading', { name: 'Memberships', exact: true })).toBeVisible();
    const table = page
      .getByRole('table', { name: 'Membership plans' })
      .or(page.getByRole('region', { name: 'Membership plans' }));
    await expect(table.getByText('Premium', { exact: true })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Edit Normal' }).click();
    await expect(page.getByRole('heading', { name: 'Edit the Normal membership' })).toBeVisible();
    await page.getByLabel('Products it allows').fill('20');
    await page.getByRole('button', { name: 'Save membership' }).click();
    await expect(page.locator('.Toastify').getByText('Normal is saved: it applies from now on')).toBeVisible();
    await expect(table.getByText('20 products', { exact: true })).toBeVisible();
    await checkA11y(page);

    // The farmer adds a sixth product through the add form.
    await signInWith(page, token);
    await page.goto('/dashboard/addProduct');
    await expect(page.getByText('Normal membership: 5 of 20 products listed.')).toBeVisible();
    await page.getByLabel('Product Name').fill('Field beans 6');
    await page.getByLabel('Product Description').fill('The sixth product, under the raised limit.');
    await page.getByLabel('Category').selectOption('vegetable');
    await page.getByLabel('Product Quantity').fill('12');
    await page.getByLabel('Production Cost ($)').fill('2');
    await page.getByLabel('Profit Margin(%)').fill('25');
    await page.getByLabel('Manufacturing Date').fill('2026-01-01');
    await page.getByLabel('Expire Date').fill(dayFromToday(365));
    await page.getByLabel('Product Image').setInputFiles(PICTURE);
    await expect(page.getByAltText('Uploaded product')).toBeVisible();
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.locator('.Toastify').getByText('Field beans 6 is added in the products list!')).toBeVisible();
    const listed = await request.get(`/api/products/vendor?email=${encodeURIComponent(farmer.email)}`, {
      headers: bearer(token),
    });
    expect((await listed.json()).length).toBe(6);

    // The membership page lists the plans as the admin set them, and sells the premium one at its price.
    await page.goto('/dashboard/payment');
    const offered = page.getByRole('region', { name: 'Memberships' });
    await expect(offered.getByText('20 products', { exact: true })).toBeVisible();
    await expect(offered.getByText('Unlimited products', { exact: true })).toBeVisible();
    await expect(offered.getByText('$1,000.00 once', { exact: false })).toBeVisible();
    await expect(page.getByText('$1000', { exact: true })).toBeVisible();
    await checkA11y(page);

    // Buy Now still sells the premium membership at the price the server knows, with its gold badge.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $1000' }).click();
    await expect(page.locator('.Toastify').getByText('Payment is successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/vendorHome$/);
    const allowance = await request.get('/api/products/vendor/allowance', { headers: bearer(token) });
    expect(await allowance.json()).toMatchObject({ membership: 'premium', limit: null, canAdd: true });
    await page.goto('/dashboard/payment');
    await expect(page.getByText('is a premium member', { exact: false })).toBeVisible();
  } finally {
    const back = await request.put('/api/admin/membership-plans/normal', {
      headers: bearer(admin),
      data: inputOf(normal),
    });
    expect(back.ok(), await back.text()).toBe(true);
  }
});
