import { formatUseBy } from '#contract/markdowns.ts';
import { formatMoney } from '#contract/money.ts';
import type { NotificationEvent } from '#contract/notifications.ts';

type Line = { name: string; amount: number; totalCents: number };

/** What one event says: the bell's title and text, the e-mail's subject, its lines and totals, where it leads. */
export type Message = {
  title: string;
  body: string;
  /** A path in the app. */
  link: string;
  /** Rows of [label, amount] for the e-mail's table: lines by shop, then totals. */
  table: { heading?: string; rows: [string, string][] }[];
};

/** " FS-10234" to follow "order", or nothing for an event written before orders had numbers. */
const numbered = (event: { orderNumber?: string }) => (event.orderNumber ? ` ${event.orderNumber}` : '');

const lineRows = (lines: Line[]): [string, string][] =>
  lines.map((l) => [`${l.amount} × ${l.name}`, formatMoney(l.totalCents)]);

export function describe(event: NotificationEvent): Message {
  switch (event.kind) {
    case 'order_placed': {
      const totals: [string, string][] = [['Subtotal', formatMoney(event.subtotalCents)]];
      if (event.discountCents > 0) totals.push(['Discount', `-${formatMoney(event.discountCents)}`]);
      totals.push(['Delivery', formatMoney(event.deliveryCents)], ['Total paid', formatMoney(event.totalCents)]);
      return {
        title: `Thank you for your order${numbered(event)}`,
        body: `Your order${numbered(event)} from ${event.shops.map((s) => s.shopName).join(', ')} is paid: ${formatMoney(event.totalCents)}. Thank you for buying local!`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [...event.shops.map((s) => ({ heading: s.shopName, rows: lineRows(s.lines) })), { rows: totals }],
      };
    }
    case 'order_received': {
      const total = event.lines.reduce((sum, l) => sum + l.totalCents, 0);
      return {
        title: `${event.shopName}: new order${numbered(event)} from ${event.buyerName}`,
        body: `${event.buyerName} ordered ${event.lines.length} ${event.lines.length === 1 ? 'product' : 'products'} from ${event.shopName} for ${formatMoney(total)}.`,
        link: '/dashboard/vendorOrder',
        table: [{ heading: event.shopName, rows: [...lineRows(event.lines), ['Total', formatMoney(total)]] }],
      };
    }
    case 'step_changed':
      return {
        title: `${event.shopName}: ${event.label}`,
        body: `Your order${numbered(event)} from ${event.shopName} is now: ${event.label}.`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [],
      };
    case 'part_cancelled': {
      const refunded = event.refundCents > 0;
      const who = {
        shopper: `You cancelled your order${numbered(event)} from ${event.shopName}.`,
        shop: `${event.shopName} cancelled its part of your order${numbered(event)}.`,
        unweighed: `${event.shopName} did not weigh your order${numbered(event)} in time, so we cancelled it before your card’s hold ran out.`,
      }[event.by];
      const money = refunded
        ? `${formatMoney(event.refundCents)} is refunded to your card.`
        : 'Nothing was charged for it.';
      return {
        title: `${event.shopName}: cancelled${refunded ? ' and refunded' : ''}`,
        body: `${who} ${money}`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [
          { heading: event.shopName, rows: [...lineRows(event.lines), ['Refund', formatMoney(event.refundCents)]] },
        ],
      };
    }
    case 'slot_cancelled':
      return {
        title: `${event.shopName}: ${event.when} is cancelled`,
        body: `${event.shopName} cancelled the time you booked (${event.when}). The shop will arrange another time with you.`,
        link: '/dashboard/userPaymentHistory',
        table: [],
      };
    case 'review_reported':
      return {
        title: `A review of ${event.productName} was reported`,
        body: `“${event.excerpt}” was reported for moderation.`,
        link: '/dashboard/reportedReviews',
        table: [],
      };
    case 'back_in_stock':
      return {
        title: `${event.productName} is back in stock`,
        body: `${event.productName} from ${event.shopName}, one of your favourites, is back in stock: ${event.stock} left.`,
        link: `/productDetails/${event.productId}`,
        table: [],
      };
    case 'marked_down':
      return {
        title: `${event.productName} is ${event.percent}% off`,
        body: `${event.productName} from ${event.shopName}, one of your favourites, is ${event.percent}% off until its use-by date (${formatUseBy(event.useBy)}).`,
        link: `/productDetails/${event.productId}`,
        table: [],
      };
    case 'low_stock':
      return {
        title: event.stock === 0 ? `${event.productName} is sold out` : `${event.productName} is running low`,
        body:
          event.stock === 0
            ? `${event.productName} has sold out. Add stock to keep selling it.`
            : `Only ${event.stock} of ${event.productName} left in stock.`,
        link: '/dashboard/vendorProduct',
        table: [],
      };
    case 'shopper_cancelled': {
      const total = event.lines.reduce((sum, l) => sum + l.totalCents, 0);
      return {
        title:
          event.by === 'unweighed'
            ? `${event.shopName}: ${event.buyerName}’s order${numbered(event)} was cancelled, not weighed in time`
            : `${event.shopName}: ${event.buyerName} cancelled their order${numbered(event)}`,
        body: `${
          event.by === 'unweighed'
            ? `${event.buyerName}’s order${numbered(event)} from ${event.shopName} (${formatMoney(total)}) was still not weighed when the card hold was ending, so we cancelled it and charged nothing for it.`
            : `${event.buyerName} cancelled their order${numbered(event)} from ${event.shopName} (${formatMoney(total)}).`
        } Its stock is back on sale; nothing needs packing.`,
        link: '/dashboard/vendorOrder',
        table: [{ heading: event.shopName, rows: [...lineRows(event.lines), ['Total', formatMoney(total)]] }],
      };
    }
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The e-mail's text and HTML parts: the message, its table, and a link back to the app. */
export function emailParts(message: Message, publicUrl: string): { text: string; html: string } {
  const url = `${publicUrl}${message.link}`;
  const text = [
    message.body,
    ...message.table.map((t) =>
      [t.heading ? `${t.heading}\n` : '', t.rows.map(([label, amount]) => `  ${label}  ${amount}`).join('\n')].join(''),
    ),
    `Open Farmstall: ${url}`,
    'You can choose which e-mails you receive on your profile page.',
  ].join('\n\n');
  const tables = message.table
    .map(
      (t) =>
        `${t.heading ? `<h3 style="margin:16px 0 4px">${escapeHtml(t.heading)}</h3>` : ''}<table style="border-collapse:collapse;min-width:320px">${t.rows
          .map(
            ([label, amount]) =>
              `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="text-align:right">${escapeHtml(amount)}</td></tr>`,
          )
          .join('')}</table>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#222">
<h2 style="color:#1f7a3a">${escapeHtml(message.title)}</h2><p>${escapeHtml(message.body)}</p>${tables}
<p><a href="${escapeHtml(url)}" style="color:#1f7a3a">Open Farmstall</a></p>
<p style="color:#777;font-size:12px">You can choose which e-mails you receive on your profile page.</p></body></html>`;
  return { text, html };
}
