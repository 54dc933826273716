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
  lines: { product: string; amount: number }[];
};

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
      { product: 'Pasture-Raised Eggs (dozen)', amount: 2 },
      { product: 'Wild Coho Salmon Fillet', amount: 1 },
    ],
  },
];

/** Deals of the day: three appealing products. */
export const DEAL_PRODUCTS = ['Hood Strawberries', 'Chocolate Layer Cake', 'Wild Coho Salmon Fillet'];
