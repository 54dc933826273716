import type { ContactDetails } from '#contract/contact.ts';
import type { NotificationEvent } from '#contract/notifications.ts';
import type { Db } from '../db/client.ts';
import { getInvoice, renderInvoicePdf } from '../modules/orders/index.ts';
import type { DocOptions } from '../pdf.ts';

/** The receipt e-mail carries the order's invoice as a PDF, read as its buyer would. */
export const receiptAttachments =
  (db: Db, contact: ContactDetails, options: DocOptions = { paper: 'letter' }) =>
  async (event: NotificationEvent, userId: string) => {
    if (event.kind !== 'order_placed') return [];
    const invoice = await getInvoice(db, event.paymentId, { id: userId, role: 'customer' }, contact);
    return [
      {
        filename: `farmstall-invoice-${invoice.invoiceNumber}.pdf`,
        content: await renderInvoicePdf(invoice, options),
        contentType: 'application/pdf',
      },
    ];
  };
