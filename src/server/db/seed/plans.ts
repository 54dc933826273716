import { type PlanRecord, recordPlans, recordSubscription } from '../../modules/subscriptions/index.ts';
import type { Tx } from '../client.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Every demo shop is in Oregon or Washington. */
const ZONE = 'America/Los_Angeles';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type DemoPlan = Omit<PlanRecord, 'shopId' | 'items' | 'createdAt' | 'startsOn' | 'endsOn'> & {
  shop: string;
  items?: { product: string; quantity: number }[];
  /** The season's first and last days, in days from the seed's day. */
  season?: { from: number; to?: number };
};

/**
 * The demo's subscription plans (decision 065): Green Valley's weekly vegetable box (the demo vendor's shop) and a
 * half-season share paid in installments, and Meadow Creek's monthly dairy share of its own products.
 */
const PLANS: DemoPlan[] = [
  {
    shop: 'greenValley',
    name: 'Weekly vegetable box',
    description:
      'Whatever is best in the fields that week, picked the morning of your pickup. Enough for two people who cook most days.',
    kind: 'box',
    boxValueCents: 3200,
    boxContents: 'Salad greens\nCarrots or beets\nPotatoes\nOnions or leeks\nKale or chard\nA bunch of herbs',
    frequency: 'weekly',
    season: { from: -21, to: 150 },
    pricing: 'per_delivery',
    discountPercent: 10,
    subscriberCap: 60,
    windows: 'all',
  },
  {
    shop: 'greenValley',
    name: 'Late-summer half share',
    description: 'A smaller box every two weeks through the late summer, paid for the season in four parts.',
    kind: 'box',
    boxValueCents: 2000,
    boxContents: 'Tomatoes\nCucumbers\nSweet peppers\nZucchini\nHerbs',
    frequency: 'fortnightly',
    season: { from: 14, to: 126 },
    pricing: 'installments',
    seasonPriceCents: 16000,
    installments: 4,
    subscriberCap: 30,
    windows: 'pickup',
  },
  {
    shop: 'meadowCreek',
    name: 'Monthly dairy share',
    description: 'Our milk, cream and butter once a month, from the Jersey herd on the home pasture.',
    kind: 'fixed',
    items: [
      { product: 'Jersey Whole Milk', quantity: 2 },
      { product: 'Jersey Heavy Cream', quantity: 1 },
      { product: 'Unsalted Baking Butter', quantity: 1 },
      { product: 'Sheep Milk Drinking Yogurt', quantity: 2 },
    ],
    frequency: 'monthly',
    pricing: 'per_delivery',
    discountPercent: 5,
    windows: 'pickup',
  },
];

/** The demo customer (Sam Shopper), who subscribes to the weekly box. */
const DEMO_SUBSCRIBER = 'sam';

/** Writes the demo plans and the demo customer's subscription; `shopIds` (the users' ids) and `productIds` by the seed's keys and names. */
export async function insertPlans(
  tx: Tx,
  now: number,
  shopIds: Map<string, string>,
  productIds: Map<string, string>,
): Promise<void> {
  const id = (ids: Map<string, string>, key: string) => {
    const found = ids.get(key);
    if (!found) throw new Error(`A demo plan names an unknown shop or product: ${key}`);
    return found;
  };
  const planIds = await recordPlans(
    tx,
    PLANS.map(({ shop, items, season, ...plan }, i) => ({
      ...plan,
      shopId: id(shopIds, shop),
      items: items?.map((item) => ({ productId: id(productIds, item.product), quantity: item.quantity })),
      startsOn: season && day(now + season.from * DAY_MS),
      endsOn: season?.to === undefined ? undefined : day(now + season.to * DAY_MS),
      createdAt: new Date(now - (30 - i) * DAY_MS),
    })),
    ZONE,
    new Date(now),
  );
  // The demo customer subscribes to Green Valley's weekly box from today, with a sandbox card saved.
  await recordSubscription(tx, {
    planId: planIds[PLANS.findIndex((plan) => plan.name === 'Weekly vegetable box')],
    shopId: id(shopIds, 'greenValley'),
    userId: id(shopIds, DEMO_SUBSCRIBER),
    startsOn: day(now),
    defaultTimeZone: ZONE,
    now: new Date(now),
  });
}
