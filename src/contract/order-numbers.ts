/** The numbers a shopper, a shop and an admin read and say: FS-10234 for an order, INV-10234 for its invoice. */
export const ORDER_NUMBER_PREFIX = 'FS-';
export const INVOICE_NUMBER_PREFIX = 'INV-';

export const formatOrderNumber = (n: number) => `${ORDER_NUMBER_PREFIX}${n}`;
export const formatInvoiceNumber = (n: number) => `${INVOICE_NUMBER_PREFIX}${n}`;

/** The order number in a search as typed ('FS-10234', 'fs 10234', '#10234' or '10234'), or null when it is none. */
export function parseOrderNumber(text: string): number | null {
  const digits = /^(?:fs[\s-]*|#)?(\d{1,15})$/i.exec(text.trim())?.[1];
  return digits === undefined ? null : Number(digits);
}
