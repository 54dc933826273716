import { describe, expect, it } from 'vitest';
import { NET_QUANTITY_NEEDED, PACK_LABEL_NEEDED } from '#contract/products.ts';
import { priceText, quantityText } from '#contract/units.ts';
import { setupTestApp } from '../../test/app.ts';
import { dayFromToday } from '../../test/dates.ts';
import { createUser, type TestUser } from '../../test/users.ts';

/** Issue 32, item 2 (decision 053): a product is sold by its own unit, the category's when its farmer chooses none. */
const t = setupTestApp();

const honey = {
  productName: 'Wildflower Honey',
  productDetails: 'Raw, unfiltered, from our own hives.',
  productCategory: 'sweet',
  productQuantity: 40,
  pricing: 'price',
  productPrice: 9.5,
  productManufacturingDate: '2026-01-10',
  productExpireDate: dayFromToday(365),
  productImage: '/uploads/11111111-1111-4111-8111-111111111111.webp',
};

const addProduct = (user: TestUser, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers: user.auth, payload });

describe('a product sold by its own unit', () => {
  it("takes its category's unit when its farmer chooses none (the spec's rule)", async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const response = await addProduct(vendor, honey);
    expect(response.statusCode).toBe(201);
    expect(response.json().product).toMatchObject({ productQuantity: { value: 40, unit: 'kg' }, pack: null });
  });

  it('is sold by the jar: a pack with its label and net quantity, read alike by shoppers', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const response = await addProduct(vendor, {
      ...honey,
      unit: 'pack',
      packLabel: '340 g jar',
      netQuantity: 340,
      netUnit: 'g',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().product;
    expect(created).toMatchObject({
      productQuantity: { value: 40, unit: 'pack' },
      pack: { label: '340 g jar', netQuantity: 340, netUnit: 'g' },
    });
    const page = await t.app.inject({ method: 'GET', url: `/api/singleProduct/${created._id}` });
    expect(page.statusCode).toBe(200);
    const p = page.json();
    expect(p.pack).toEqual({ label: '340 g jar', netQuantity: 340, netUnit: 'g' });
    // $9.50 for 340 g is $27.94 a kg; 40 of them are 40 jars.
    expect(priceText(950, p.productQuantity.unit, p.pack)).toBe('$9.50 · $27.94/kg');
    expect(quantityText(p.productQuantity.value, p.productQuantity.unit, p.pack)).toBe('40 jars');
  });

  it('needs a pack to be named and its net quantity given', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const response = await addProduct(vendor, { ...honey, unit: 'pack' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      packLabel: PACK_LABEL_NEEDED,
      netQuantity: NET_QUANTITY_NEEDED,
      netUnit: 'Choose the unit of the net quantity',
    });
    const zero = await addProduct(vendor, { ...honey, unit: 'pack', packLabel: 'jar', netQuantity: 0, netUnit: 'g' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields.netQuantity).toBe('More than 0');
    const unknown = await addProduct(vendor, { ...honey, unit: 'barrel' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.unit).toBe('Choose what it is sold by');
  });

  it('drops the pack for any other unit, and an edit without a unit keeps the one it had', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const eggs = await addProduct(vendor, {
      ...honey,
      productName: 'Free-range Eggs',
      productCategory: 'proteins',
      productPrice: 6.5,
      unit: 'dozen',
      packLabel: 'box',
      netQuantity: 12,
      netUnit: 'piece',
    });
    expect(eggs.statusCode).toBe(201);
    const product = eggs.json().product;
    expect(product).toMatchObject({ productQuantity: { unit: 'dozen' }, pack: null });
    expect(priceText(650, 'dozen')).toBe('$6.50 · $0.54 each');
    const { _id, email, pack, pricing, productionCost, profitMargin, ...rest } = product;
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${_id}`,
      headers: vendor.auth,
      payload: {
        productName: rest.productName,
        productDetails: rest.productDetails,
        productQuantity: 3,
        pricing: 'price',
        productPrice: 6.5,
        productManufacturingDate: rest.productManufacturingDate,
        productExpireDate: rest.productExpireDate,
        productImage: rest.productImage,
      },
    });
    expect(edited.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/singleProduct/${_id}` });
    expect(after.json().productQuantity).toEqual({ value: 3, unit: 'dozen' });
    const toKg = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${_id}`,
      headers: vendor.auth,
      payload: {
        productName: rest.productName,
        productDetails: rest.productDetails,
        productQuantity: 3,
        pricing: 'price',
        productPrice: 6.5,
        productManufacturingDate: rest.productManufacturingDate,
        productExpireDate: rest.productExpireDate,
        productImage: rest.productImage,
        unit: 'pack',
        packLabel: 'box of 6',
        netQuantity: 6,
        netUnit: 'piece',
      },
    });
    expect(toKg.statusCode).toBe(200);
    const boxed = await t.app.inject({ method: 'GET', url: `/api/singleProduct/${_id}` });
    expect(boxed.json()).toMatchObject({
      productQuantity: { value: 3, unit: 'pack' },
      pack: { label: 'box of 6', netQuantity: 6, netUnit: 'piece' },
    });
  });

  it('names its pieces, so a dozen’s unit price reads per egg on the page, the card and in the cart', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    const shopper = await createUser(t);
    const eggs = { ...honey, productName: 'Eggs', productPrice: 6.5, unit: 'dozen', pieceName: 'egg' };
    expect((await addProduct(vendor, { ...eggs, pieceName: '12 eggs' })).json().error.fields).toMatchObject({
      pieceName: 'Letters only, like egg or croissant',
    });
    const response = await addProduct(vendor, eggs);
    expect(response.statusCode).toBe(201);
    const id = response.json().product._id;
    const page = (await t.app.inject({ method: 'GET', url: `/api/singleProduct/${id}` })).json();
    expect(page.pieceName).toBe('egg');
    expect(priceText(650, page.productQuantity.unit, page.pack, page.pieceName)).toBe('$6.50 · $0.54/egg');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/carts',
      headers: shopper.auth,
      payload: { productId: id, amount: 1 },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const cart = await t.app.inject({ method: 'GET', url: `/api/carts?email=${shopper.email}`, headers: shopper.auth });
    expect(cart.json()[0]).toMatchObject({ unit: 'dozen', pieceName: 'egg' });

    // Cleared with an empty field: "$0.54 each" again.
    const { productCategory: _category, ...edit } = { ...eggs, pieceName: '' };
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: vendor.auth,
      payload: edit,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/singleProduct/${id}` })).json().pieceName).toBeNull();
  });
});
