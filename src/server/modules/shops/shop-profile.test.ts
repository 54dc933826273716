import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/users.ts';
import { MARKET, nextFridayNoon, setupClockedApp, shopWith } from '../checkout/fulfilment-fixtures.ts';
import { shops } from './tables.ts';

/**
 * The shop profile (issue 33, item 1): the vendor edits its name, story, picture, address, phone and links at any
 * time and its page keeps its address; the page shows how the shop hands over orders from the calendar checkout
 * books; the shop list is nearest first with a place; the admin sets miles or km.
 */
let now = nextFridayNoon();
const t = setupClockedApp(() => now);

const profile = {
  shop: 'Hood River Orchard',
  story: 'We grow pears.\r\n\r\n\r\n  Since 1952, on the same hill.\nFour generations.  \n\n',
  image: '/uploads/00000000-0000-4000-8000-000000000001.webp',
  address: '418 Orchard Road, Hood River, OR 97031',
  phone: '+1 541 555 0199',
  website: 'hoodriverorchard.example.com',
  instagram: 'https://www.instagram.com/hoodriverorchard',
  facebook: '',
};

const put = (as: TestUser | null, shopId: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/shops/${shopId}/profile`, headers: as?.auth, payload });
const page = async (shopId: string) => {
  const response = await t.app.inject({ url: `/api/singleShop/${shopId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('the shop profile', () => {
  it('the vendor changes name, story, picture, address, phone and links; the page keeps its address', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const saved = await put(vendor, vendor.id, profile);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      _id: vendor.id,
      shop: 'Hood River Orchard',
      story: 'We grow pears.\n\nSince 1952, on the same hill.\nFour generations.',
      image: profile.image,
      address: profile.address,
      phone: profile.phone,
      website: 'https://hoodriverorchard.example.com/',
      instagram: 'https://www.instagram.com/hoodriverorchard',
      facebook: null,
    });
    const shown = await page(vendor.id);
    expect(shown).toMatchObject({ shop: 'Hood River Orchard', story: saved.json().story, sinceYear: 2015 });
    expect(JSON.stringify(shown)).not.toContain(vendor.email);

    // Renamed again: the same address answers, under the new name; an empty story is none.
    const again = await put(vendor, vendor.id, { ...profile, shop: 'Hill Pears', story: '  ' });
    expect(again.json()).toMatchObject({ shop: 'Hill Pears', story: null });
    expect((await page(vendor.id)).shop).toBe('Hill Pears');
  });

  it('refuses bad fields with a message on each, and changes nothing', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const response = await put(vendor, vendor.id, {
      ...profile,
      shop: ' ',
      story: 'x'.repeat(4001),
      phone: 'call me',
      image: 'javascript:alert(1)',
      website: 'javascript:alert(1)',
      instagram: 'https://example.com/me',
      facebook: 'not a url at all',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      shop: 'This field is required',
      story: 'At most 4000 characters',
      phone: 'Enter a valid phone number',
      image: 'Upload a picture',
      website: 'Enter a web address, like https://example.com',
      instagram: 'Enter the address of your Instagram page, like https://instagram.com/yourshop',
      facebook: 'Enter the address of your Facebook page, like https://facebook.com/yourshop',
    });
    const [row] = await t.db.select().from(shops).where(eq(shops.vendorId, vendor.id));
    expect(row).toMatchObject({ name: `${vendor.name}'s Farm`, story: null, phone: '+1 555 000 1111' });
  });

  it("another vendor, a customer, an admin and no one signed in cannot change a vendor's shop", async () => {
    const owner = await createUser(t, { role: 'vendor' });
    const other = await createUser(t, { role: 'vendor' });
    const customer = await createUser(t);
    const admin = await createUser(t, { role: 'admin' });
    expect((await put(other, owner.id, profile)).statusCode).toBe(403);
    expect((await put(customer, owner.id, profile)).statusCode).toBe(403);
    expect((await put(admin, owner.id, profile)).statusCode).toBe(403);
    expect((await put(null, owner.id, profile)).statusCode).toBe(401);
    expect((await page(owner.id)).shop).toBe(`${owner.name}'s Farm`);
  });
});

describe("the shop page's pickup and delivery", () => {
  it('shows pickup points and delivery with their weekly times, next slots, terms and the next cutoff', async () => {
    now = nextFridayNoon();
    const owner = await shopWith(t, MARKET);
    const { handover } = await page(owner.id);
    // Friday noon: ordering for Saturday 9:00 closes 24 hours before, Friday 9:00, so the next Saturday is open.
    expect(handover.pickupPoints).toEqual([
      {
        name: 'Saturday market',
        address: 'SW Park Ave & SW Montgomery St, Portland',
        windows: [{ weekday: 'saturday', start: '09:00', end: '12:00', endsNextDay: false }],
        next: expect.objectContaining({ start: expect.stringMatching(/T09:00:00-0[78]:00$/) }),
      },
    ]);
    const saturday = handover.pickupPoints[0].next;
    expect(Date.parse(saturday.start) - now.getTime()).toBeGreaterThan(7 * 86_400_000);
    expect(handover.delivery).toMatchObject({
      fee: 6.5,
      freeOver: 60,
      minimumOrder: 25,
      postcodes: ['97214', '97215'],
      radiusKm: null,
      windows: [{ weekday: 'wednesday', start: '16:00', end: '19:00', endsNextDay: false }],
    });
    // The next Wednesday's delivery closes Tuesday 16:00: the soonest cutoff.
    expect(handover.nextCutoff).toBe(handover.delivery.next.closesAt);
    expect(Date.parse(handover.nextCutoff)).toBeLessThan(Date.parse(saturday.closesAt));
    expect(JSON.stringify(handover)).not.toMatch(/capacity|remaining/);
  });

  it('a shop that saved no settings offers nothing yet', async () => {
    const owner = await createUser(t, { role: 'vendor' });
    expect((await page(owner.id)).handover).toMatchObject({ pickupPoints: [], delivery: null, nextCutoff: null });
  });
});

describe('the shop list near a place', () => {
  it('is nearest first with each distance in km, shops without a place last', async () => {
    const portland = await shopWith(t, { ...MARKET, location: { latitude: 45.52, longitude: -122.68 } });
    const salem = await shopWith(t, { ...MARKET, location: { latitude: 44.94, longitude: -123.03 } });
    const unplaced = await createUser(t, { role: 'vendor' });
    const ids = [portland.id, salem.id, unplaced.id];
    // 97301 is Salem.
    const near = await t.app.inject({ url: '/api/shops?near=97301' });
    expect(near.statusCode, near.body).toBe(200);
    const listed = near.json().filter((shop: { _id: string }) => ids.includes(shop._id));
    expect(listed.map((shop: { _id: string }) => shop._id)).toEqual([salem.id, portland.id, unplaced.id]);
    expect(listed[0].distanceKm).toBeLessThan(10);
    expect(listed[1].distanceKm).toBeGreaterThan(60);
    expect(listed[1].distanceKm).toBeLessThan(80);
    expect(listed[2]).not.toHaveProperty('distanceKm');
    const plain = (await t.app.inject({ url: '/api/shops' })).json();
    expect(plain.every((shop: object) => !('distanceKm' in shop))).toBe(true);
  });

  it('refuses a ZIP code it cannot place, and half a location', async () => {
    const unknown = await t.app.inject({ url: '/api/shops?near=00000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ near: 'We could not find this ZIP code on the map' });
    expect((await t.app.inject({ url: '/api/shops?lat=45.5' })).statusCode).toBe(400);
  });
});

describe('the distance unit', () => {
  it('is miles until the admin sets km; only an admin sets it, to mi or km', async () => {
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toEqual({
      distanceUnit: 'mi',
      shopApproval: false,
      paperSize: 'letter',
    });
    const admin = await createUser(t, { role: 'admin' });
    const vendor = await createUser(t, { role: 'vendor' });
    const set = (as: TestUser, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/marketplace', headers: as.auth, payload });
    expect((await set(vendor, { distanceUnit: 'km' })).statusCode).toBe(403);
    const wrong = await set(admin, { distanceUnit: 'furlongs' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ distanceUnit: 'Choose miles or kilometres' });
    const saved = await set(admin, { distanceUnit: 'km' });
    expect(saved.json()).toEqual({ distanceUnit: 'km', shopApproval: false, paperSize: 'letter' });
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toEqual({
      distanceUnit: 'km',
      shopApproval: false,
      paperSize: 'letter',
    });
    await set(admin, { distanceUnit: 'mi' });
    expect((await t.app.inject({ url: '/api/marketplace' })).json()).toEqual({
      distanceUnit: 'mi',
      shopApproval: false,
      paperSize: 'letter',
    });
  });
});
