import fs from 'node:fs/promises';
import { checkA11y, dayFromToday, expect, test } from './fixtures.ts';
import {
  bearer,
  PHONE_AND_LAPTOP,
  registerCustomer,
  shot,
  signInWith,
  tokenOf,
  unique,
  uploadPicture,
} from './helpers.ts';

/** A check or an import runs as a background job the page polls: on a busy machine it takes more than 10 s. */
const JOB = { timeout: 30_000 };

/**
 * The catalogue as CSV (issue 33 item 3; decision 060): a farmer exports the catalogue, adds two products to the file
 * in a spreadsheet with one mistake, checks it and reads the row's error, fixes the file, checks it again, imports it,
 * and finds the new products in their list.
 */
test('a farmer exports the catalogue, fixes a file the check refused, imports it and sees the new products', async ({
  page,
  request,
}) => {
  // Two runs of a file in the background, three pages photographed at two widths: slow on a shared machine.
  test.setTimeout(120_000);
  const farmer = await registerCustomer(request, 'csvfarmer', { name: 'Cass Vee' });
  const shop = `Cass Farm ${unique()}`;
  const opened = await request.patch(`/api/users/email/${encodeURIComponent(farmer.email)}`, {
    headers: bearer(farmer.token),
    data: {
      shop,
      date: '2019-03-01',
      address: '4 Orchard Road, Hood River',
      phone: '+1 541 555 0177',
      image: '/favicon.svg',
    },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const token = await tokenOf(request, farmer);
  const image = await uploadPicture(request, token);
  const kale = `Curly Kale ${unique()}`;
  const listed = await request.post('/api/products', {
    headers: bearer(token),
    data: {
      productName: kale,
      productDetails: 'Curly kale, picked this morning.',
      productCategory: 'vegetable',
      productQuantity: 20,
      pricing: 'price',
      productPrice: 3,
      unit: 'bunch',
      productManufacturingDate: dayFromToday(-1),
      productExpireDate: dayFromToday(10),
      productImage: image,
    },
  });
  expect(listed.ok(), await listed.text()).toBe(true);

  await signInWith(page, token);
  await page.goto('/dashboard/catalogueImport');
  await expect(page.getByRole('heading', { name: 'Import & export' })).toBeVisible();

  // Export: the file holds the kale, one row, with its SKU and every column.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download catalogue (CSV)' }).click();
  const download = await downloading;
  const exported = await fs.readFile((await download.path()) ?? '', 'utf8');
  const [header, kaleRow] = exported
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(kaleRow).toContain(kale);
  expect(header.split(',')).toContain('Allergens');

  // Two new products typed into the file; the beets' price has a typo.
  const columns = header.split(',');
  const row = (cells: Record<string, string>) => columns.map((c) => cells[c] ?? '').join(',');
  const beets = `Golden Beets ${unique()}`;
  const jam = `Plum Jam ${unique()}`;
  const base = { Category: 'vegetable', Image: image, 'Made on': dayFromToday(-1), 'Expires on': dayFromToday(20) };
  const beetRow = (price: string) =>
    row({
      ...base,
      Product: 'BEET-1',
      SKU: 'BEET-1',
      Name: beets,
      Details: 'Sweet golden beets',
      Size: 'Bunch',
      Price: price,
      Pricing: 'price',
      Unit: 'bunch',
      Stock: '15',
    });
  const jamRow = row({
    ...base,
    Product: 'JAM-1',
    SKU: 'JAM-1',
    Name: jam,
    Category: 'sweet',
    Details: 'Plum jam',
    Size: '340 g jar',
    Price: '6.50',
    Pricing: 'price',
    Unit: 'piece',
    Stock: '8',
  });
  const file = (beetPrice: string) => ({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, kaleRow, beetRow(beetPrice), jamRow].join('\r\n')),
  });

  await page.getByLabel('CSV file').setInputFiles(file('4.5O'));
  await expect(page.getByText('catalogue.csv: 3 rows, separated by “,”')).toBeVisible();
  // The columns are matched by their headers; each can be chosen again.
  await page.getByText('Columns', { exact: true }).click();
  await expect(page.getByLabel('Price', { exact: true })).toHaveValue('Price');
  await expect(page.getByLabel('Takes from shared stock')).toHaveValue('Takes from shared stock');
  await shot(page, 'catalogue-import-columns', { widths: PHONE_AND_LAPTOP });
  await page.getByRole('button', { name: 'Check file' }).click();
  const problems = page.getByRole('table', { name: 'Problems of the file' });
  await expect(problems.getByRole('row', { name: '3 Price Enter a price in dollars' })).toBeVisible(JOB);
  await expect(page.getByText('1 problem: fix it and check the file again')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Import/ })).toBeDisabled();
  await checkA11y(page);
  await shot(page, 'catalogue-import-refused', { widths: PHONE_AND_LAPTOP });

  // The fixed file, read slowly: until it is read, nothing can check the file chosen before it.
  await page.route(
    '**/catalogue/import/columns',
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByLabel('CSV file').setInputFiles(file('4.50'));
  await expect(page.getByRole('status').filter({ hasText: 'Reading catalogue.csv…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check file' })).toHaveCount(0);
  // The check lists what it will do, then the import applies it.
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('Ready to import: 2 new products, 0 updated, 0 archived, 1 unchanged.')).toBeVisible(JOB);
  const changes = page.getByRole('table', { name: 'What the file will do' });
  await expect(changes.getByRole('row', { name: new RegExp(`3 ${beets} BEET-1 New`) })).toBeVisible();
  await shot(page, 'catalogue-import-checked', { widths: PHONE_AND_LAPTOP });
  await page.getByRole('button', { name: 'Import 2 changes' }).click();
  await expect(page.getByText('Imported: 2 new products, 0 updated, 0 archived, 1 unchanged.')).toBeVisible(JOB);

  await page.getByRole('link', { name: 'See your products' }).click();
  await expect(page.getByRole('row', { name: new RegExp(beets) })).toContainText('$4.50');
  await expect(page.getByRole('row', { name: new RegExp(jam) })).toContainText('$6.50');
  await expect(page.getByRole('row', { name: new RegExp(kale) })).toBeVisible();

  // An admin chooses the farm at Shop catalogues and downloads its file, the new products in it.
  await signInWith(page, await tokenOf(request, { email: 'admin@farmstall.example', password: 'Admin#2026!' }));
  await page.goto('/dashboard/shopCatalogue');
  await page.getByRole('searchbox', { name: 'Search shops by name or e-mail' }).fill(farmer.email);
  await page.getByLabel('Shop', { exact: true }).selectOption({ label: `${shop} (${farmer.email})` });
  const adminDownloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download catalogue (CSV)' }).click();
  const adminFile = await fs.readFile((await (await adminDownloading).path()) ?? '', 'utf8');
  expect(adminFile).toContain(`BEET-1,BEET-1,${beets}`);
  await checkA11y(page);
  await shot(page, 'catalogue-import-admin', { widths: PHONE_AND_LAPTOP });
});
