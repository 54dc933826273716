/** Past orders of demo shoppers; each line names a demo product and is fulfilled by that product's shop. */
export type DemoOrder = {
  customer: string;
  transactionId: string;
  daysAgo: number;
  status: 'pending' | 'complete';
  lineStatus: 'pending' | 'shipped' | 'delivered';
  orderName: string;
  phoneNumber: string;
  address: string;
  /** `option`: the size bought, by its label (decision 052); the product's first when not given. */
  lines: { product: string; amount: number; option?: string }[];
  /**
   * Booked into the shop's soonest slot of this kind from the day the demo starts (at this pickup point, or
   * delivered to `address` in `postcode`), with the shopper's note: the demo vendor's week is never empty.
   */
  slot?: DemoSlot;
};

export type DemoSlot =
  | { kind: 'pickup'; point: string; note: string | null }
  | { kind: 'delivery'; postcode: string; note: string | null };

export const ORDERS: DemoOrder[] = [
  {
    customer: 'sam',
    transactionId: 'pi_demo_3QxSam0001Delivered',
    daysAgo: 21,
    status: 'complete',
    lineStatus: 'delivered',
    orderName: 'Sam Shopper',
    phoneNumber: '+1 503 555 0199',
    address: '1120 SE Division Street, Portland, OR 97202',
    lines: [
      { product: 'Jersey Whole Milk', amount: 2 },
      { product: 'Jersey Heavy Cream', amount: 1 },
      { product: 'Honeycrisp Apples', amount: 3 },
    ],
  },
  {
    customer: 'sam',
    transactionId: 'pi_demo_3QxSam0002Pending',
    daysAgo: 2,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Sam Shopper',
    phoneNumber: '+1 503 555 0199',
    address: '1120 SE Division Street, Portland, OR 97202',
    lines: [
      { product: 'Heirloom Tomatoes', amount: 2 },
      { product: 'Wildflower Honey', amount: 1 },
      { product: 'Country Sourdough Loaf', amount: 1 },
    ],
  },
  {
    customer: 'nora',
    transactionId: 'pi_demo_3QxNora0001Shipped',
    daysAgo: 9,
    status: 'complete',
    lineStatus: 'shipped',
    orderName: 'Nora Blake',
    phoneNumber: '+1 206 555 0134',
    address: '77 Pine Street, Apt 4B, Seattle, WA 98101',
    lines: [
      { product: 'Baby Spinach', amount: 1 },
      { product: 'Pasture-Raised Eggs', amount: 2, option: 'Dozen' },
      { product: 'Wild Coho Salmon Fillet', amount: 1 },
    ],
  },
  // The demo vendor's coming week (Green Valley Farm): market pickups, a farm stand pickup and a delivery round.
  {
    customer: 'nora',
    transactionId: 'pi_demo_3QxNora0002Market',
    daysAgo: 1,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Nora Blake',
    phoneNumber: '+1 206 555 0134',
    address: '77 Pine Street, Apt 4B, Seattle, WA 98101',
    lines: [
      { product: 'Heirloom Tomatoes', amount: 3 },
      { product: 'Baby Spinach', amount: 2 },
    ],
    slot: { kind: 'pickup', point: 'Hood River Farmers Market', note: 'I will come by around 11.' },
  },
  {
    customer: 'diego',
    transactionId: 'pi_demo_3QxDiego001Market',
    daysAgo: 2,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Diego Ramos',
    phoneNumber: '+1 541 555 0172',
    address: '19 Oak Street, Hood River, OR 97031',
    lines: [
      { product: 'Pasture-Raised Eggs', amount: 2, option: 'Dozen' },
      { product: 'Heirloom Tomatoes', amount: 1 },
      { product: 'Wildflower Honey', amount: 1 },
    ],
    slot: { kind: 'pickup', point: 'Hood River Farmers Market', note: null },
  },
  {
    customer: 'hannah',
    transactionId: 'pi_demo_3QxHannah01Stand',
    daysAgo: 1,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Hannah Cho',
    phoneNumber: '+1 541 555 0148',
    address: '5 Cascade Avenue, Hood River, OR 97031',
    lines: [{ product: 'Baby Spinach', amount: 1 }],
    slot: { kind: 'pickup', point: 'Farm stand', note: null },
  },
  {
    customer: 'omar',
    transactionId: 'pi_demo_3QxOmar0001Round',
    daysAgo: 2,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Omar Haddad',
    phoneNumber: '+1 541 555 0190',
    address: '2210 Belmont Drive, Hood River, OR',
    lines: [
      { product: 'Pasture-Raised Eggs', amount: 3, option: 'Dozen' },
      { product: 'Wildflower Honey', amount: 2, option: '500 g jar' },
    ],
    slot: { kind: 'delivery', postcode: '97031', note: 'Side door, please.' },
  },
  {
    customer: 'ruth',
    transactionId: 'pi_demo_3QxRuth0001Round',
    daysAgo: 1,
    status: 'pending',
    lineStatus: 'pending',
    orderName: 'Ruth Lindqvist',
    phoneNumber: '+1 509 555 0121',
    address: '14 River Road, White Salmon, WA',
    lines: [
      { product: 'Heirloom Tomatoes', amount: 4 },
      { product: 'Pasture-Raised Eggs', amount: 1 },
    ],
    slot: { kind: 'delivery', postcode: '98672', note: null },
  },
];

/** Deals of the day: three appealing products. */
export const DEAL_PRODUCTS = ['Hood Strawberries', 'Chocolate Layer Cake', 'Wild Coho Salmon Fillet'];

/**
 * The home banner's "Fresh Vegetables Big Discount": vegetables on deal at this bigger discount, on their page. The
 * three cheapest: a price sort orders by the price before any deal, and so their cards still read in price order.
 */
export const VEGETABLE_DEALS = { percent: 30, products: ['Red Onions', 'Yukon Gold Potatoes', 'Sweet Corn'] };
