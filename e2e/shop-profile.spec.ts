import { checkA11y, expect, hydrated, test, withTestClock } from './fixtures.ts';
import { bearer, PHONE_AND_LAPTOP, registerCustomer, shot, signInWith, tokenOf, unique } from './helpers.ts';

/**
 * The shop profile (issue 33, item 1): a vendor tells its story and changes its name and phone on the dashboard's
 * "Shop profile"; a visitor reads the story, the pickup times, the delivery terms and when ordering next closes on
 * the shop's page (at the same address), and finds the shop on the shop list nearest first, in miles, from a ZIP.
 */
test('a vendor edits its shop profile and a visitor sees it, with pickup and delivery, nearest first in miles', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await registerCustomer(page.request, 'orchard', { name: 'Rosa Pereira' });
  const opened = await page.request.patch(`/api/users/email/${encodeURIComponent(owner.email)}`, {
    headers: bearer(owner.token),
    data: {
      shop: `Mill Creek Orchard ${unique()}`,
      date: '2012-05-01',
      address: '200 Mill Street, Salem, OR 97301',
      phone: '+1 503 555 0100',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(page.request, owner);
  const me = await (await page.request.get('/api/users/me', { headers: bearer(token) })).json();
  // Pickup at the Saturday market, delivery in Salem: $5, free from $50, from $20, within 16.1 km (10 miles).
  const settings = await page.request.put(`/api/shops/${me.id}/fulfilment`, {
    headers: bearer(token),
    data: {
      timeZone: 'America/Los_Angeles',
      location: { latitude: 44.94, longitude: -123.03 },
      pickupPoints: [
        {
          name: 'Salem Saturday Market',
          address: '865 Marion St NE, Salem',
          windows: [{ weekday: 'saturday', start: '09:00', end: '13:00', capacity: 30 }],
        },
      ],
      delivery: {
        postcodes: ['97302'],
        radiusKm: 16.09344,
        fee: 5,
        freeOver: 50,
        minimumOrder: 20,
        windows: [{ weekday: 'thursday', start: '16:00', end: '19:00', capacity: 10 }],
      },
    },
  });
  expect(settings.ok(), await settings.text()).toBe(true);

  await signInWith(page, token);
  await page.goto('/dashboard/vendorHome');
  await hydrated(page);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Shop profile' }).click();
  await expect(page.getByRole('heading', { name: 'Shop profile', level: 1 })).toBeVisible();
  const name = `Rosa's Orchard ${unique()}`;
  await page.getByLabel('Shop name').fill(name);
  await page
    .getByLabel('Your story')
    .fill('We grow heirloom apples on a hill above Salem.\n\nMy grandfather planted the first trees in 1952.');
  await page.getByLabel('Phone').fill('+1 503 555 0123');
  await page.getByLabel('Website').fill('not a web address');
  await page.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(page.getByText('Enter a web address, like https://example.com')).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Website').fill('rosasorchard.example.com');
  await page.getByRole('button', { name: 'Save shop profile' }).click();
  await expect(page.getByText('Your shop profile is saved')).toBeVisible();
  await expect(page.getByLabel('Website')).toHaveValue('https://rosasorchard.example.com/');
  await checkA11y(page);
  await shot(page, 'shop-profile-form', { widths: PHONE_AND_LAPTOP });

  // A visitor, signed out, at the shop's address from before the new name.
  const context = await withTestClock(await browser.newContext({ baseURL: test.info().project.use.baseURL }));
  const visitor = await context.newPage();
  await visitor.goto(`/shopDetails/${me.id}`);
  await hydrated(visitor);
  await expect(visitor.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(visitor.getByText('+1 503 555 0123')).toBeVisible();
  const story = visitor.getByRole('region', { name: 'Our story' });
  await expect(story.getByRole('paragraph')).toHaveText([
    'We grow heirloom apples on a hill above Salem.',
    'My grandfather planted the first trees in 1952.',
  ]);
  await expect(visitor.getByRole('link', { name: 'Website' })).toHaveAttribute(
    'href',
    'https://rosasorchard.example.com/',
  );
  const handover = visitor.getByRole('region', { name: 'Pickup & delivery' });
  await expect(handover.getByText('Saturday 9:00–13:00 at Salem Saturday Market')).toBeVisible();
  await expect(handover.getByText(/^Next: Sat \d+ \w+, 09:00–13:00 P[SD]T$/)).toBeVisible();
  await expect(handover.getByText('Delivery $5.00 · free over $50.00 · minimum order $20.00')).toBeVisible();
  await expect(handover.getByText('Delivers to ZIP codes 97302, or within 10 mi of the shop')).toBeVisible();
  await expect(handover.getByText('Thursday 16:00–19:00')).toBeVisible();
  await expect(
    handover.getByText(/^Order by \w{3} \d+ \w+, \d\d:\d\d P[SD]T for the next pickup or delivery$/),
  ).toBeVisible();
  await checkA11y(visitor);
  for (const width of PHONE_AND_LAPTOP) {
    await visitor.setViewportSize({ width, height: 900 });
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await shot(visitor, 'shop-profile-page', { widths: PHONE_AND_LAPTOP });

  // The shop list, from a Salem ZIP code: nearest first, in miles.
  await visitor.goto('/shopList');
  await hydrated(visitor);
  const shops = visitor.getByRole('list', { name: 'Shops' });
  await expect(shops.getByText(/ mi away$/)).toHaveCount(0);
  await visitor.getByRole('button', { name: 'Set your ZIP code to see distances' }).click();
  await visitor.getByLabel('Your ZIP code').fill('97301');
  await visitor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(visitor.getByRole('button', { name: 'Near 97301 · change' })).toBeVisible();
  const ours = shops.locator(':scope > li').filter({ hasText: name });
  await expect(ours.getByText(/ mi away$/)).toHaveText(/^[0-2]\.\d mi away$/);
  const miles = async () =>
    (await shops.getByText(/ mi away$/).allTextContents()).map((text) => Number(/([\d.,]+) mi/.exec(text)?.[1]));
  await expect.poll(async () => (await miles()).length).toBeGreaterThan(3);
  const distances = await miles();
  expect(distances.every((d, i) => i === 0 || distances[i - 1] <= d)).toBe(true);
  await checkA11y(visitor);
  await shot(visitor, 'shop-list-nearest', { widths: PHONE_AND_LAPTOP });

  // A demo shop from the list: its story, its market and farm stand, its delivery in Hood River.
  await shops.getByRole('link', { name: 'Visit Store: Green Valley Farm' }).click();
  await expect(visitor.getByRole('heading', { name: 'Green Valley Farm', level: 1 })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Our story' }).getByRole('paragraph')).toHaveCount(3);
  const demo = visitor.getByRole('region', { name: 'Pickup & delivery' });
  await expect(demo.getByText('Saturday 9:00–13:00 at Hood River Farmers Market')).toBeVisible();
  await expect(demo.getByText('Delivery $6.00 · free over $75.00 · minimum order $30.00')).toBeVisible();
  // The ZIP codes themselves are the fulfilment journey's to change (it edits this shop's delivery area at once).
  await expect(demo.getByText(/^Delivers to ZIP codes [\d, ]+, or within 9\.3 mi of the shop$/)).toBeVisible();
  await shot(visitor, 'shop-profile-demo', { widths: PHONE_AND_LAPTOP });
  await context.close();
});
