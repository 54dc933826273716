import type { ContactDetails } from '#contract/contact.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { getInvoice } from '../modules/orders/index.ts';
import { readMarketplace } from '../modules/shops/index.ts';
import { renderInPool } from '../workers/pool.ts';

/**
 * The receipt e-mail carries the order's invoice as a PDF, read as its buyer would, laid out in the render pool's
 * threads like every PDF (decision 057): never on the event loop, on the paper the admin set when it is sent.
 */
export const receiptAttachments =
  (db: Db, contact: ContactDetails, threads = 1) =>
  async (event: NotificationEvent, userId: string) => {
    if (event.kind !== 'order_placed') return [];
    const invoice = await getInvoice(db, event.paymentId, { id: userId, role: 'customer' }, contact);
    const options = { paper: (await readMarketplace(db)).paperSize };
    return [
      {
        filename: `farmstall-invoice-${invoice.invoiceNumber}.pdf`,
        content: await renderInPool({ kind: 'invoice-pdf', invoice, options }, threads),
        contentType: 'application/pdf',
      },
    ];
  };
