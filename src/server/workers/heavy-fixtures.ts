import type { SlotSheet } from '#contract/vendor-week.ts';
import type { StatementPrint, StatementRow } from '../modules/payouts/statement-print.ts';
import type { RenderTask } from './render.ts';

/**
 * The documents of a 300-product shop's month, the outside review's heavy case (issue 34, item 5): its statement
 * (each product sold twice, an order of five lines and its transfer: 720 rows, 23 landscape pages), a Saturday's pick
 * list (300 products, 120 stops) and packing slips (120 orders of 12 items). For the heavy-work test and
 * scripts/heavy-load.ts.
 */
const PRODUCTS = 300;
const SHOP = 'Northwesternmost Agricultural Cooperative Smallholdings';
const name = (i: number) => `${['Heirloom', 'Organic', 'Pasture-raised', 'Wild'][i % 4]} product number ${i + 1}`;

export function largeStatement(): StatementPrint {
  const rows: StatementRow[] = [];
  for (let i = 0; i < PRODUCTS * 2; i++) {
    const day = 1 + (i % 30);
    const order = `o${Math.floor(i / 5)}`;
    const base = {
      date: new Date(Date.UTC(2027, 3, day)),
      day: `2027-04-${String(day).padStart(2, '0')}`,
      orderId: order,
      orderNumber: `FS-${10000 + Math.floor(i / 5)}`,
    };
    rows.push({
      ...base,
      kind: 'Sale',
      product: name(i % PRODUCTS),
      quantity: i % 3 === 0 ? '2 (1.6 kg)' : '3',
      paidCents: 1234 + i,
      taxRate: '8.25%',
      taxCents: 102,
      commissionRate: '12.5%',
      commissionCents: 154,
      netCents: 1080 + i,
      payoutCents: null,
    });
    if (i % 5 === 4)
      rows.push({
        ...base,
        kind: 'Transfer',
        product: 'Sent to your payout account',
        quantity: '',
        paidCents: null,
        taxRate: '',
        taxCents: null,
        commissionRate: '',
        commissionCents: null,
        netCents: null,
        payoutCents: 5400 + i,
      });
  }
  return {
    month: '2027-04',
    timeZone: 'America/Los_Angeles',
    shopName: SHOP,
    rows,
    totals: [
      ['Owed at the start of the month (not yet in your account)', 123_400],
      ['Sales (goods and delivery)', 2_987_600],
      ['Commission', 231_000],
      ['Refunds after delivery', 0],
      ['Commission given back on refunds', 0],
      ['Paid to your account (transfers less reversals)', 2_756_600],
      ['Owed at the end of the month (not yet in your account)', 123_400],
    ],
    tax: [['Tax 8.25% on $29,876.00 of sales, collected and remitted by Farmstall', 153_000]],
    reconciles: true,
  };
}

export function largeSlotSheet(orders = 120, itemsPerOrder = 12): SlotSheet {
  return {
    shopId: 'shop',
    shopName: SHOP,
    slot: {
      id: 'slot',
      kind: 'delivery',
      start: '2027-04-10T09:00:00-07:00',
      end: '2027-04-10T12:00:00-07:00',
      timeZone: 'America/Los_Angeles',
      pickupPoint: null,
      orders,
    },
    pickList: Array.from({ length: PRODUCTS }, (_, i) => ({
      productId: `p${i}`,
      name: name(i),
      units: 3 + (i % 7),
      unit: null,
      pack: null,
      grams: i % 5 === 0 ? 1600 + i : null,
      weighed: false,
    })),
    packingSlips: Array.from({ length: orders }, (_, s) => ({
      orderId: `o${s}`,
      orderNumber: `FS-${10000 + s}`,
      shopper: { name: `Shopper number ${s + 1}`, phone: '+1 503-555-0199', email: `shopper${s}@example.com` },
      items: Array.from({ length: itemsPerOrder }, (_, i) => ({
        name: name((s * itemsPerOrder + i) % PRODUCTS),
        amount: 1 + (i % 3),
        unit: null,
        pack: null,
        estimatedGrams: i % 4 === 0 ? 1600 : null,
        actualGrams: null,
      })),
      note: s % 3 === 0 ? 'Ring twice, the bell is broken.' : null,
      pickupPoint: null,
      deliveryAddress: {
        address: `${100 + s} Northwest Thurman Street`,
        postcode: `972${String(s % 100).padStart(2, '0')}`,
      },
    })),
    stops: Array.from({ length: orders }, (_, s) => ({
      orderId: `o${s}`,
      orderNumber: `FS-${10000 + s}`,
      name: `Shopper number ${s + 1}`,
      phone: '+1 503-555-0199',
      address: `${100 + s} Northwest Thurman Street`,
      postcode: `972${String(s % 100).padStart(2, '0')}`,
    })),
  } as unknown as SlotSheet;
}

/** Six exports at once: two of each heavy document. */
export function sixHeavyExports(): RenderTask[] {
  const options = { paper: 'letter' as const };
  const print = largeStatement();
  const sheet = largeSlotSheet();
  return [
    { kind: 'statement-pdf', print, options },
    { kind: 'statement-pdf', print, options },
    { kind: 'pick-list-pdf', sheet, options },
    { kind: 'pick-list-pdf', sheet, options },
    { kind: 'packing-slips-pdf', sheet, options },
    { kind: 'packing-slips-pdf', sheet, options },
  ];
}
