import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptAttachments } from './jobs/receipt-attachments.ts';
import { addToCart, confirmOrder, createProduct, payCart } from './modules/checkout/test-fixtures.ts';
import { setupTestApp } from './test/app.ts';
import { setupUser } from './test/users.ts';

/** PAPER_SIZE=a4 reaches the PDFs the routes serve and the receipt's attachment (issue 33, item 6). */

const t = setupTestApp({ PAPER_SIZE: 'a4' });
const vendor = setupUser(t, { role: 'vendor' });
const shopper = setupUser(t);
const dir = mkdtempSync(path.join(os.tmpdir(), 'farmstall-pdf-paper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let payment: { _id: string };
beforeAll(async () => {
  const product = await createProduct(t, vendor, { name: 'Goat cheese', priceCents: 1250, stock: 10 });
  await addToCart(t, shopper, product.id, 1);
  const { intent } = await payCart(t, shopper);
  payment = (await confirmOrder(t, shopper, intent.paymentIntentId)).json();
});

const pageSize = (pdf: Buffer, name: string) => {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return /Page size:\s+(.*)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
};

describe('PAPER_SIZE=a4', () => {
  it('prints the invoice the route serves and the receipt attaches on A4', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/invoice/${payment._id}/pdf`,
      headers: shopper.auth,
    });
    expect(response.statusCode).toBe(200);
    expect(pageSize(response.rawPayload, 'served')).toMatch(/^595\.28 x 841\.89 pts/);

    const attach = receiptAttachments(t.db, t.config.contact, { paper: t.config.paperSize });
    const [attachment] = await attach({ kind: 'order_placed', paymentId: payment._id } as never, shopper.id);
    expect(pageSize(attachment.content, 'attached')).toMatch(/^595\.28 x 841\.89 pts/);
  });
});
