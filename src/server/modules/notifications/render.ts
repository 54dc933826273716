import { formatUseBy } from '#contract/markdowns.ts';
import { formatMoney } from '#contract/money.ts';
import type { Handover, NotificationEvent } from '#contract/notifications.ts';
import { describeSubscriptionDelivery } from './subscription-render.ts';

type Line = { name: string; amount: number; quantity?: string; totalCents: number };

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

/** "Clover Honey ×2 jars" in the product's units (decision 053); "2 × Clover Honey" for an event written before. */
const lineRows = (lines: Line[]): [string, string][] =>
  lines.map((l) => [l.quantity ? `${l.name} ×${l.quantity}` : `${l.amount} × ${l.name}`, formatMoney(l.totalCents)]);

/** "Pickup: Sat 5 Dec, 09:00–12:00 PST at Riverbend Farm Stand, 12 Mill Road" (or the delivery's window and address). */
function handoverText(handover: Handover): string {
  const where = handover.place ? `${handover.place}, ${handover.address}` : handover.address;
  return `${where}, ${handover.window}`;
}

const handoverRow = (handover: Handover | null | undefined): [string, string][] =>
  handover ? [[handover.kind === 'pickup' ? 'Pickup' : 'Delivery', handoverText(handover)]] : [];

/** What the shopper brings or says to collect an order: its number. */
const bring = (event: { orderNumber?: string }) =>
  event.orderNumber ? ` Bring your order number, ${event.orderNumber}, when you collect.` : '';

type Placed = Extract<NotificationEvent, { kind: 'order_placed' }>;

/** The receipt's totals: what the goods, coupon, delivery and tax come to, and what was held or charged now. */
function receiptTotals(event: Placed): [string, string][] {
  const totals: [string, string][] = [['Subtotal', formatMoney(event.subtotalCents)]];
  if (event.discountCents > 0) totals.push(['Discount', `-${formatMoney(event.discountCents)}`]);
  totals.push(['Delivery', formatMoney(event.deliveryCents)]);
  if (event.heldCents === undefined) {
    const tax = event.totalCents - (event.subtotalCents - event.discountCents + event.deliveryCents);
    if (tax > 0) totals.push(['Tax', formatMoney(tax)]);
    totals.push(['Total paid', formatMoney(event.totalCents)]);
    return totals;
  }
  const tax = event.totalCents - (event.subtotalCents - event.discountCents + event.deliveryCents);
  if (tax > 0) totals.push(['Tax (on the estimate)', formatMoney(tax)]);
  totals.push(
    ['Estimated total', formatMoney(event.totalCents)],
    ['Held on your card', formatMoney(event.heldCents)],
    ['Charged now', formatMoney(0)],
  );
  return totals;
}

export function describe(event: NotificationEvent): Message {
  switch (event.kind) {
    case 'order_placed': {
      const shops = event.shops.map((s) => s.shopName).join(', ');
      const body =
        event.heldCents === undefined
          ? `Your order${numbered(event)} from ${shops} is paid: ${formatMoney(event.totalCents)}. Thank you for buying local!`
          : `Your order${numbered(event)} from ${shops} is placed. Up to ${formatMoney(event.heldCents)} is held on your card; you pay the weighed price, at most that (estimated ${formatMoney(event.totalCents)}). Nothing is charged until the shops have weighed your goods.`;
      return {
        title: `Thank you for your order${numbered(event)}`,
        body: `${body}${event.shops.some((s) => s.handover?.kind === 'pickup') ? bring(event) : ''}`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [
          ...event.shops.map((s) => ({
            heading: s.shopName,
            rows: [
              ...lineRows(s.lines),
              ...handoverRow(s.handover),
              ...(s.heldCents !== undefined
                ? [['Held for this shop', formatMoney(s.heldCents)] as [string, string]]
                : []),
              ...(s.chargedCents !== undefined
                ? [['Charged for this shop', formatMoney(s.chargedCents)] as [string, string]]
                : []),
            ],
          })),
          { rows: receiptTotals(event) },
        ],
      };
    }
    case 'order_charged': {
      const released =
        event.releasedCents > 0
          ? ` The other ${formatMoney(event.releasedCents)} of the ${formatMoney(event.heldCents)} held is released.`
          : '';
      return {
        title: `Order${numbered(event)} charged: ${formatMoney(event.chargedCents)}`,
        body: `Your goods are weighed: your card is charged ${formatMoney(event.chargedCents)} for your order${numbered(event)}.${released}`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [
          ...event.shops.map((s) => ({
            heading: s.shopName,
            rows: [...lineRows(s.lines), ['Charged for this shop', formatMoney(s.chargedCents)] as [string, string]],
          })),
          {
            rows: [
              ['Held on your card', formatMoney(event.heldCents)],
              ['Charged', formatMoney(event.chargedCents)],
              ['Released', formatMoney(event.releasedCents)],
            ],
          },
        ],
      };
    }
    case 'order_received': {
      const total = event.lines.reduce((sum, l) => sum + l.totalCents, 0);
      const details: [string, string][] = [
        ...handoverRow(event.handover),
        ...(event.phone ? [['Phone', event.phone] as [string, string]] : []),
        ...(event.note ? [['Note', event.note] as [string, string]] : []),
      ];
      const when = event.handover
        ? ` ${event.handover.kind === 'pickup' ? 'Pickup' : 'Delivery'}: ${handoverText(event.handover)}.`
        : '';
      return {
        title: `${event.shopName}: new order${numbered(event)} from ${event.buyerName}`,
        body: `${event.buyerName} ordered ${event.lines.length} ${event.lines.length === 1 ? 'product' : 'products'} from ${event.shopName} for ${formatMoney(total)}.${when}${event.note ? ` Their note: “${event.note}”` : ''}`,
        link: '/dashboard/vendorOrder',
        table: [
          { heading: event.shopName, rows: [...lineRows(event.lines), ['Total', formatMoney(total)], ...details] },
        ],
      };
    }
    case 'step_changed': {
      const handover = event.handover;
      const where =
        handover && event.status === 'ready' && handover.kind === 'pickup'
          ? ` Collect it at ${handoverText(handover)}.${bring(event)}`
          : handover && (event.status === 'ready' || event.status === 'shipped') && handover.kind === 'delivery'
            ? ` It comes to ${handoverText(handover)}.`
            : '';
      const price =
        event.priceCents === undefined
          ? ''
          : event.held
            ? ` Its price: ${formatMoney(event.priceCents)}, charged to your card once every shop of your order has weighed.`
            : ` Its price: ${formatMoney(event.priceCents)}.`;
      return {
        title: `${event.shopName}: ${event.label}`,
        body: `Your order${numbered(event)} from ${event.shopName} is now: ${event.label}.${where}${price}`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table:
          event.lines && event.priceCents !== undefined
            ? [
                {
                  heading: event.shopName,
                  rows: [...lineRows(event.lines), ...handoverRow(handover), ['Price', formatMoney(event.priceCents)]],
                },
              ]
            : [],
      };
    }
    case 'part_cancelled': {
      const refunded = event.refundCents > 0;
      const released = !refunded && event.releasedCents > 0;
      const who = {
        shopper: `You cancelled your order${numbered(event)} from ${event.shopName}.`,
        shop: `${event.shopName} cancelled its part of your order${numbered(event)}.`,
        unweighed: `${event.shopName} did not weigh your order${numbered(event)} in time, so we cancelled it before your card’s hold ran out.`,
      }[event.by];
      const money = refunded
        ? `${formatMoney(event.refundCents)} is refunded to your card.`
        : released
          ? `Nothing was charged for it: the ${formatMoney(event.releasedCents)} held for it on your card is released.`
          : 'Nothing was charged for it.';
      return {
        title: `${event.shopName}: cancelled${refunded ? ' and refunded' : released ? ', hold released' : ''}`,
        body: `${who} ${money}`,
        link: `/dashboard/invoice/${event.paymentId}`,
        table: [
          {
            heading: event.shopName,
            rows: [
              ...lineRows(event.lines),
              released
                ? ['Released from the hold', formatMoney(event.releasedCents)]
                : ['Refund', formatMoney(event.refundCents)],
            ],
          },
        ],
      };
    }
    case 'password_reset':
      return {
        title: 'Set a new password for Farmstall',
        body: `Someone, we hope you, asked to set a new password for this account. Open the link below within ${event.minutes} minutes to choose it; it works once. If it was not you, ignore this e-mail: your password stays as it is.`,
        link: `/resetPassword?token=${encodeURIComponent(event.token)}`,
        table: [],
      };
    case 'email_verification':
      return event.change
        ? {
            title: 'Confirm your new e-mail address for Farmstall',
            body: `Someone, we hope you, asked to move a Farmstall account to this address. Open the link below within ${event.hours} hours to confirm it; it works once, and the account's address changes only then. If it was not you, ignore this e-mail.`,
            link: `/verifyEmail?token=${encodeURIComponent(event.token)}`,
            table: [],
          }
        : {
            title: 'Verify your e-mail address for Farmstall',
            body: `Welcome to Farmstall! Open the link below within ${event.hours} hours to verify your e-mail address; it works once. Until then you cannot register a shop, connect payouts or post a review. If you did not sign up, ignore this e-mail.`,
            link: `/verifyEmail?token=${encodeURIComponent(event.token)}`,
            table: [],
          };
    case 'email_change':
      return {
        title:
          event.step === 'in_use'
            ? 'Someone tried to move a Farmstall account to this address'
            : event.step === 'requested'
              ? 'Your Farmstall e-mail is being changed'
              : 'Your Farmstall e-mail was changed',
        body:
          event.step === 'in_use'
            ? `Someone asked to change the e-mail of a Farmstall account to ${event.address}, which already has an account: yours. Nothing was changed. If you want to use this address for the other account too, it cannot: sign in with this one, or choose "Forgot password?" if you cannot.`
            : event.step === 'requested'
              ? `Your Farmstall e-mail is being changed to ${event.address}: it changes when the link we sent there is opened. If this wasn't you, change your password.`
              : `Your Farmstall e-mail was changed to ${event.address}, and every device was signed out. If this wasn't you, contact us at once through the site's contact page: someone else may have your account.`,
        link: event.step === 'in_use' ? '/login' : '/dashboard/profile',
        table: [],
      };
    case 'slot_cancelled':
      return {
        title: `${event.shopName}: ${event.when} is cancelled`,
        body: `${event.shopName} cancelled the time you booked (${event.when}) for your order${numbered(event)}. The shop will arrange another time with you.`,
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
        body: `${event.productName} from ${event.shopName}, one of your favourites, is back in stock: ${
          event.sizes ? `${sizesText(event.sizes.filter((size) => size.available > 0))}.` : `${event.stock} left.`
        }`,
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
    case 'low_stock': {
      const soldOut = event.sizes ? event.sizes.every((size) => size.available === 0) : event.stock === 0;
      return {
        title: soldOut ? `${event.productName} is sold out` : `${event.productName} is running low`,
        body: soldOut
          ? `${event.productName} has sold out. Add stock to keep selling it.`
          : event.sizes
            ? `Only ${event.stock} of ${event.productName} left in stock: ${sizesText(event.sizes)}.`
            : `Only ${event.stock} of ${event.productName} left in stock.`,
        link: '/dashboard/vendorProduct',
        table: [],
      };
    }
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
    case 'problem_reported':
      return {
        title: `${event.buyerName} reported a problem with order${numbered(event)}: ${event.reason}`,
        body: `${event.buyerName} reported a problem with their order${numbered(event)} from ${event.shopName} (${event.reason}): “${event.excerpt}”${
          event.to === 'shop' ? ' The marketplace’s team will look into it with you.' : ''
        }`,
        link: event.to === 'shop' ? '/dashboard/vendorOrder' : `/dashboard/adminOrders/${event.orderId}`,
        table: [],
      };
    case 'subscription_delivery':
      return { ...describeSubscriptionDelivery(event), table: [] };
    case 'shop_reviewed':
      return {
        title: event.approved ? `${event.shopName} is approved` : `${event.shopName} was not approved`,
        body: event.approved
          ? `Your shop ${event.shopName} is approved: its products are now listed on the marketplace.`
          : `Your shop ${event.shopName} was not approved, so its products are not listed. The reason: ${event.reason ?? 'none given'}. Reply to this e-mail to talk it over.`,
        link: '/dashboard/vendorHome',
        table: [],
      };
  }
}

/** The page where a person chooses their e-mails (the profile's "E-mails I receive"). */
export const EMAIL_CHOICES_PATH = '/dashboard/profile#email-choices';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The e-mail's text and HTML parts: the message, its table, and a link back to the app. */
export function emailParts(message: Message, publicUrl: string): { text: string; html: string } {
  const url = `${publicUrl}${message.link}`;
  const choices = `${publicUrl}${EMAIL_CHOICES_PATH}`;
  const text = [
    message.body,
    ...message.table.map((t) =>
      [t.heading ? `${t.heading}\n` : '', t.rows.map(([label, amount]) => `  ${label}  ${amount}`).join('\n')].join(''),
    ),
    `Open Farmstall: ${url}`,
    `Choose which e-mails you receive: ${choices}`,
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
<p style="color:#777;font-size:12px"><a href="${escapeHtml(choices)}" style="color:#777">Choose which e-mails you receive</a></p></body></html>`;
  return { text, html };
}

/** "Half dozen: 2 left, Dozen: 1 left": how many of each size can be bought now. */
function sizesText(sizes: readonly { label: string; available: number }[]): string {
  return sizes.map((size) => `${size.label}: ${size.available} left`).join(', ');
}
