import { beforeAll, describe, expect, it } from 'vitest';
import type { Deal, Product } from '#contract/products.ts';
import { setupTestApp } from '../../test/app.ts';
import { setupUser } from '../../test/users.ts';
import { addToCart, payCart } from '../checkout/test-fixtures.ts';
import { insertProduct } from './test-products.ts';

const t = setupTestApp();
const premium = setupUser(t, { role: 'vendor', name: 'Goldleaf', membership: 'premium' });
const normal = setupUser(t, { role: 'vendor', name: 'Plain' });
const shopper = setupUser(t);
let premiumProduct: string;
let normalProduct: string;
beforeAll(async () => {
  // The three most popular products become the deals; $9.99 shows how a discount rounds to the cent.
  premiumProduct = await insertProduct(t, premium.id, { name: 'Gold honey', priceCents: 999, popularity: 30 });
  normalProduct = await insertProduct(t, normal.id, { name: 'Plain oats', priceCents: 500, popularity: 20 });
  await insertProduct(t, normal.id, { name: 'Plain rye', priceCents: 1250, popularity: 10 });
  await insertProduct(t, normal.id, { name: 'Not a deal', priceCents: 700, popularity: 0 });
});

const getJson = async (url: string) => {
  const response = await t.app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('deals of the day', () => {
  it('each show a real discount: the old price, the deal price, the percent and the end', async () => {
    const deals: Deal[] = await getJson('/api/deals');
    expect(deals.map((d) => d.productName).sort()).toEqual(['Gold honey', 'Plain oats', 'Plain rye']);
    for (const deal of deals) {
      expect(deal.deal.discountPercent).toBe(20);
      expect(deal.deal.price).toBe(Math.round(deal.productPrice * 80) / 100);
      expect(deal.deal.price).toBeLessThan(deal.productPrice);
      expect(deal.deal.endsAt).toBe(deal.endsAt);
    }
    expect(deals.find((d) => d.productName === 'Gold honey')?.deal).toMatchObject({ price: 7.99 });
  });

  it('are charged at the deal price, and every product read shows the same deal', async () => {
    await getJson('/api/deals');
    const product: Product = await getJson(`/api/singleProduct/${premiumProduct}`);
    expect(product).toMatchObject({ productPrice: 9.99, deal: { discountPercent: 20, price: 7.99 } });
    const other: Product = (await getJson('/api/products?limit=50')).items.find(
      (p: Product) => p.productName === 'Not a deal',
    );
    expect(other.deal).toBeNull();

    await addToCart(t, shopper, premiumProduct, 2);
    const cart = (await t.app.inject({ url: `/api/carts?email=${shopper.email}`, headers: shopper.auth })).json();
    expect(cart).toMatchObject([{ name: 'Gold honey', price: 7.99, spendMoney: 15.98 }]);
    const { intent } = await payCart(t, shopper);
    expect(intent.amount).toBe(15.98);
  });
});

describe("a category's deals", () => {
  it('are the running deals of its products, and asking starts none', async () => {
    const running: Deal[] = await getJson('/api/deals');
    const vegetables: Deal[] = await getJson('/api/deals?category=vegetable');
    expect(vegetables.map((d) => d.productName).sort()).toEqual(running.map((d) => d.productName).sort());
    expect(await getJson('/api/deals?category=fruit')).toEqual([]);
    expect((await t.app.inject({ url: '/api/deals?category=nope' })).statusCode).toBe(400);
  });
});

describe('premium shops', () => {
  it('are marked on every product of theirs, and only theirs', async () => {
    const mine: Product = await getJson(`/api/singleProduct/${premiumProduct}`);
    const theirs: Product = await getJson(`/api/singleProduct/${normalProduct}`);
    expect(mine.shopPremium).toBe(true);
    expect(theirs.shopPremium).toBe(false);
    const listed: Product[] = (await getJson('/api/products?limit=50')).items;
    expect(new Set(listed.filter((p) => p.shopPremium).map((p) => p.shopName))).toEqual(new Set([mine.shopName]));
    const shop = await getJson(`/api/singleShop/${premium.id}`);
    expect(shop).toMatchObject({ membership: 'premium' });
  });
});
