import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ColumnMapping, ImportJob } from '#contract/catalogue-import.ts';
import { setupTestApp } from '../../../test/app.ts';
import { dayFromToday } from '../../../test/dates.ts';
import { createUser, type TestUser } from '../../../test/users.ts';
import { productOptions, products } from '../tables.ts';

/**
 * The catalogue as CSV (issue 33 item 3; decision 060) through the API: export, the file's columns, dry runs and
 * imports in pg-boss's queue (polled), all rows or none, the product form's rules and messages.
 */
const t = setupTestApp();

const IMAGE = '/uploads/00000000-0000-4000-8000-000000000000.webp';
const MADE = dayFromToday(-1);
const EXPIRES = dayFromToday(60);

const product = <T extends object>(name: string, extra: T) => ({
  productName: name,
  productDetails: `${name}, from the farm`,
  productCategory: 'milk',
  productManufacturingDate: MADE,
  productExpireDate: EXPIRES,
  productImage: IMAGE,
  ...extra,
});

async function addProduct(vendor: TestUser, body: object): Promise<string> {
  const answer = await t.app.inject({ method: 'POST', url: '/api/products', headers: vendor.auth, payload: body });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().insertedId;
}

/** Eggs from one pool, honey with its own stock and food facts, a weighed cheese. */
async function farmCatalogue(vendor: TestUser) {
  await addProduct(
    vendor,
    product('Pasture Eggs', {
      productQuantity: 60,
      stockShared: true,
      pieceName: 'egg',
      allergens: ['eggs'],
      labels: ['organic'],
      options: [
        {
          label: 'Half dozen',
          sku: 'EGG-6',
          pricing: 'price',
          productPrice: 3.5,
          productionCost: 2,
          draws: 6,
          unit: 'pack',
          packLabel: 'box of 6',
          netQuantity: 6,
          netUnit: 'piece',
        },
        {
          label: 'Dozen',
          sku: 'EGG-12',
          gtin: '12345678',
          productionCost: 3,
          profitMargin: 100,
          draws: 12,
          unit: 'dozen',
        },
      ],
    }),
  );
  await addProduct(
    vendor,
    product('Clover Honey', {
      productCategory: 'sweet',
      stockShared: false,
      labels: ['vegan'],
      ingredients: 'Honey',
      markdownPercent: 20,
      markdownDays: 3,
      originName: 'Hillside Apiary',
      originPostcode: '97031',
      options: [
        {
          label: '340 g jar',
          sku: 'HONEY-340',
          pricing: 'price',
          productPrice: 9.5,
          stock: 12,
          unit: 'pack',
          packLabel: 'jar',
          netQuantity: 340,
          netUnit: 'g',
        },
        {
          label: '500 g jar',
          sku: 'HONEY-500',
          pricing: 'price',
          productPrice: 12.25,
          stock: 4,
          unit: 'pack',
          packLabel: 'jar',
          netQuantity: 500,
          netUnit: 'g',
        },
      ],
    }),
  );
  await addProduct(
    vendor,
    product('Farmhouse Cheddar', {
      allergens: ['milk'],
      stockShared: false,
      options: [
        {
          label: 'Wedge',
          sku: 'CHED-W',
          pricing: 'price',
          productPrice: 24,
          stock: 8,
          unit: 'kg',
          soldByWeight: true,
          gramsPerPiece: 250,
        },
      ],
    }),
  );
}

const exportOf = (user: TestUser, shopId?: string) =>
  t.app.inject({ method: 'GET', url: `/api/catalogue/export${shopId ? `?shopId=${shopId}` : ''}`, headers: user.auth });

/** A multipart form of `fields` and then the file, as the page sends it. */
async function form(csv: string | Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  data.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type') ?? '' };
}

async function columnsOf(user: TestUser, csv: string) {
  const { payload, type } = await form(csv);
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/catalogue/import/columns',
    headers: { ...user.auth, 'content-type': type },
    payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { separator: string; headers: string[]; rows: number; mapping: ColumnMapping };
}

async function startImport(user: TestUser, csv: string | Uint8Array<ArrayBuffer>, fields: Record<string, string>) {
  const { payload, type } = await form(csv, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/catalogue/imports',
    headers: { ...user.auth, 'content-type': type },
    payload,
  });
}

/** Starts a dry run or an import of `csv` (columns matched by their headers unless given) and waits for its report. */
async function runFile(
  user: TestUser,
  csv: string,
  options: { apply: boolean; mapping?: ColumnMapping; shopId?: string },
): Promise<ImportJob> {
  const mapping = options.mapping ?? (await columnsOf(user, csv)).mapping;
  const started = await startImport(user, csv, {
    mapping: JSON.stringify(mapping),
    apply: String(options.apply),
    ...(options.shopId && { shopId: options.shopId }),
  });
  expect(started.statusCode, started.body).toBe(201);
  const { jobId } = started.json();
  for (let i = 0; i < 600; i++) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/catalogue/imports/${jobId}`, headers: user.auth });
    expect(answer.statusCode, answer.body).toBe(200);
    const job = answer.json() as ImportJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The import did not finish');
}

const HEADER = 'SKU,Name,Category,Details,Image,Size,Price,Unit,Stock,Allergens,Made on,Expires on';
const line = (
  sku: string,
  extra: Partial<Record<'name' | 'category' | 'price' | 'unit' | 'allergens' | 'stock', string>> = {},
) =>
  [
    sku,
    extra.name ?? `Carrots ${sku}`,
    extra.category ?? 'vegetable',
    'Sweet carrots',
    IMAGE,
    'Bunch',
    extra.price ?? '2.50',
    extra.unit ?? 'bunch',
    extra.stock ?? '10',
    extra.allergens ?? '',
    MADE,
    EXPIRES,
  ].join(',');

const listedSkus = async (vendor: TestUser) =>
  (
    await t.db
      .select({ sku: productOptions.sku })
      .from(productOptions)
      .where(and(eq(productOptions.vendorId, vendor.id), eq(productOptions.listed, true)))
  )
    .map((r) => r.sku)
    .sort();

describe('catalogue export and import', () => {
  it('exports every field, one row per size, and a re-import of the export changes nothing', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    await farmCatalogue(vendor);
    const exported = await exportOf(vendor);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    const csv = exported.body;
    expect(
      csv.startsWith('\uFEFFProduct,SKU,Name,Category,Details,Image,Size,Price,Cost,Margin %,Pricing,Unit,Pack'),
    ).toBe(true);
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[1]).toBe(
      `EGG-6,EGG-6,Pasture Eggs,milk,"Pasture Eggs, from the farm",${IMAGE},Half dozen,3.50,2.00,,price,pack,box of 6,6,piece,no,,,60,6,,eggs,organic,,egg,${MADE},${EXPIRES},,,,,`,
    );
    expect(lines[2]).toContain('EGG-6,EGG-12,Pasture Eggs,milk');
    expect(lines[2]).toContain(',3.00,100,costAndMargin,dozen,');
    expect(lines[3]).toContain(',"vegan, vegetarian",Honey,,');
    expect(lines[3]).toContain(',Hillside Apiary,97031,20,3,');
    expect(lines[5]).toContain('CHED-W,CHED-W,Farmhouse Cheddar,milk');
    expect(lines[5]).toContain(',kg,,,,yes,250,8,,,,milk,');

    const before = await t.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.vendorId, vendor.id));
    const dry = await runFile(vendor, csv, { apply: false });
    expect(dry.report).toMatchObject({
      rows: 5,
      applied: false,
      errors: [],
      counts: { create: 0, update: 0, archive: 0, unchanged: 3 },
    });
    const applied = await runFile(vendor, csv, { apply: true });
    expect(applied.report).toMatchObject({ applied: true, errors: [], counts: { unchanged: 3 } });
    expect(applied.progress).toEqual({ done: 5, total: 5 });
    const after = await t.db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.vendorId, vendor.id));
    expect(after).toEqual(before);
    expect((await exportOf(vendor)).body).toBe(csv);
  });

  it('updates by SKU, adds a size, archives a product, and leaves out columns the file does not have', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    await farmCatalogue(vendor);
    const csv = [
      'Product;SKU;Size;Price;Stock;Archive',
      'HONEY-340;HONEY-340;340 g jar;9,75;20;',
      'HONEY-340;HONEY-1KG;1 kg jar;22,00;3;',
      'CHED-W;CHED-W;Wedge;24;8;yes',
    ].join('\n');
    const job = await runFile(vendor, csv, { apply: true });
    expect(job.report?.errors).toEqual([]);
    expect(job.report?.changes).toEqual([
      { row: 2, name: 'Clover Honey', skus: ['HONEY-340', 'HONEY-1KG'], action: 'update' },
      { row: 4, name: 'Farmhouse Cheddar', skus: ['CHED-W'], action: 'archive' },
    ]);
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/products/vendor?email=${vendor.email}`,
      headers: vendor.auth,
    });
    const honey = mine.json().find((p: { productName: string }) => p.productName === 'Clover Honey');
    expect(
      honey.options.map((o: { sku: string; price: number; stock: number; label: string }) => [
        o.sku,
        o.label,
        o.price,
        o.stock,
      ]),
    ).toEqual([
      ['HONEY-340', '340 g jar', 9.75, 20],
      ['HONEY-1KG', '1 kg jar', 22, 3],
      ['HONEY-500', '500 g jar', 12.25, 4],
    ]);
    expect(honey.labels).toEqual(['vegan', 'vegetarian']);
    expect(mine.json().map((p: { productName: string }) => p.productName)).not.toContain('Farmhouse Cheddar');
  });

  it('reads UTF-8 with a byte order mark, semicolons and decimal commas, and creates the products', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const csv = `\uFEFF${HEADER.replaceAll(',', ';')}\r\n${[
      `CAR-1;Crème carrots;vegetable;Sweet, crunchy carrots;${IMAGE};Bunch;3,50;bunch;12;;${MADE};${EXPIRES}`,
    ].join('\r\n')}\r\n`;
    const columns = await columnsOf(vendor, csv);
    expect(columns).toMatchObject({ separator: ';', rows: 1 });
    expect(columns.headers[0]).toBe('SKU');
    expect(columns.mapping).toMatchObject({ sku: 'SKU', name: 'Name', price: 'Price', made: 'Made on', product: null });
    const job = await runFile(vendor, csv, { apply: true });
    expect(job.report).toMatchObject({ applied: true, errors: [], counts: { create: 1 } });
    const listing = await t.app.inject({ method: 'GET', url: `/api/products?shop=${vendor.id}` });
    expect(listing.json().items).toMatchObject([
      { productName: 'Crème carrots', productPrice: 3.5, productQuantity: { value: 12, unit: 'bunch' } },
    ]);
  });

  it('lists each row’s errors in the form’s words and applies nothing of a file with any error', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const csv = [
      HEADER,
      line('OK-1'),
      line('BAD-ALLERGEN', { allergens: '"peanuts, gluten"' }),
      line('BAD-CAT', { category: 'toys' }),
      line('BAD-UNIT', { unit: 'crate' }),
      line('BAD-PRICE', { price: '-3' }),
      line('BAD-PRICE2', { price: 'three' }),
      line('OK-1', { name: 'Again' }),
    ].join('\n');
    for (const apply of [false, true]) {
      const job = await runFile(vendor, csv, { apply });
      expect(job.state).toBe('done');
      expect(job.report?.applied).toBe(false);
      expect(job.report?.errors).toEqual([
        { row: 3, column: 'Allergens', message: expect.stringMatching(/^Allergens are among: celery, /) },
        { row: 4, column: 'Category', message: 'Choose a category' },
        { row: 5, column: 'Unit', message: 'Choose what it is sold by' },
        { row: 6, column: 'Price', message: 'Cannot be negative' },
        { row: 7, column: 'Price', message: 'Enter a price in dollars' },
        { row: 8, column: 'SKU', message: 'Each size needs its own SKU' },
      ]);
      expect(job.report?.changes[0]).toEqual({ row: 2, name: 'Carrots OK-1', skus: ['OK-1'], action: 'create' });
    }
    expect(await listedSkus(vendor)).toEqual([]);
  });

  it('refuses a file missing a column new products need, naming it', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const csv = [HEADER.replace('Name,', ''), line('NEW-1').replace('Carrots NEW-1,', '')].join('\n');
    const job = await runFile(vendor, csv, { apply: true });
    expect(job.report?.errors).toEqual([
      { row: 1, column: 'Name', message: 'Choose the column of Name: new products need it' },
    ]);
    expect(await listedSkus(vendor)).toEqual([]);
  });

  it('rolls the whole file back when the server refuses one product (an expiry already passed)', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const csv = [
      HEADER,
      line('GOOD-1'),
      line('GOOD-2').replace(EXPIRES, dayFromToday(-1)).replace(MADE, dayFromToday(-5)),
    ].join('\n');
    const job = await runFile(vendor, csv, { apply: true });
    expect(job.report?.errors).toEqual([
      { row: 3, column: 'Expires on', message: 'The Expire Date has already passed' },
    ]);
    expect(job.report?.applied).toBe(false);
    expect(await listedSkus(vendor)).toEqual([]);
  });

  it('keeps SKUs per shop: another vendor’s product with the same SKU is not touched', async () => {
    const other = await createUser(t, { role: 'vendor', membership: 'premium' });
    await farmCatalogue(other);
    const theirs = await exportOf(other);
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const job = await runFile(vendor, [HEADER, line('EGG-12', { name: 'My eggs' })].join('\n'), { apply: true });
    expect(job.report).toMatchObject({ applied: true, counts: { create: 1 } });
    expect(await listedSkus(vendor)).toEqual(['EGG-12']);
    expect((await exportOf(other)).body).toBe(theirs.body);
  });

  it('refuses a file that would take the shop past its plan’s product limit, with the reason', async () => {
    const vendor = await createUser(t, { role: 'vendor' });
    await farmCatalogue(vendor);
    const csv = [HEADER, line('N-1'), line('N-2'), line('N-3')].join('\n');
    const job = await runFile(vendor, csv, { apply: true });
    expect(job.report?.errors).toEqual([
      {
        row: 1,
        column: '',
        message: expect.stringMatching(
          /^You are not able to add more products\..*This file adds 3 products to the 3 listed \(at most 5\)\.$/,
        ),
      },
    ]);
    expect(await listedSkus(vendor)).toHaveLength(5);
  });

  it('lets an admin export and import for a shop they choose; customers and other shops are refused', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const admin = await createUser(t, { role: 'admin' });
    const customer = await createUser(t);
    const stranger = await createUser(t, { role: 'vendor' });
    const job = await runFile(admin, [HEADER, line('ADM-1')].join('\n'), { apply: true, shopId: vendor.id });
    expect(job.report).toMatchObject({ applied: true, counts: { create: 1 } });
    expect(await listedSkus(vendor)).toEqual(['ADM-1']);
    expect((await exportOf(admin, vendor.id)).body).toContain('ADM-1,ADM-1,Carrots ADM-1');

    const noShop = await startImport(admin, HEADER, { mapping: '{}', apply: 'false' });
    expect(noShop.statusCode).toBe(400);
    expect(noShop.json().error.message).toBe('Choose the shop to import into');
    expect((await exportOf(customer)).statusCode).toBe(403);
    const asCustomer = await startImport(customer, HEADER, { mapping: '{}', apply: 'true' });
    expect(asCustomer.statusCode).toBe(403);
    expect((await exportOf(stranger, vendor.id)).statusCode).toBe(403);
    // Another vendor cannot read the admin's import.
    const jobOf = await t.app.inject({
      method: 'GET',
      url: `/api/catalogue/imports/${job.id}`,
      headers: stranger.auth,
    });
    expect(jobOf.statusCode).toBe(404);
  });

  it('refuses a file that is not UTF-8, and a form without its fields, before any job starts', async () => {
    const vendor = await createUser(t, { role: 'vendor', membership: 'premium' });
    const latin1 = Uint8Array.from([...Buffer.from('SKU,Name\nA-1,Cr'), 0xe8, ...Buffer.from('me\n')]);
    const refused = await startImport(vendor, latin1, { mapping: '{"sku":"SKU"}', apply: 'false' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The file is not UTF-8 text: save it as “CSV UTF-8” and choose it again');
    const unsaid = await startImport(vendor, HEADER, { mapping: 'not json' });
    expect(unsaid.statusCode).toBe(400);
    expect(unsaid.json().error.fields).toEqual({
      mapping: 'Choose the columns',
      apply: 'Say whether to apply the file',
    });
  });
});
