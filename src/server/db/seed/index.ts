import { sql } from 'drizzle-orm';
import type { CategoryValue } from '#contract/categories.ts';
import { unitForCategory } from '#contract/categories.ts';
import { DEAL_SECONDS } from '#contract/deals.ts';
import { ALLERGENS, LABELS, maskOf } from '#contract/food-facts.ts';
import { priceFromCost } from '#contract/money.ts';
import type { NetUnit } from '#contract/units.ts';
import { hasProducts, recordDeals, recordProducts, recordShopMarkdowns } from '../../modules/catalog/index.ts';
import { recordOrder } from '../../modules/orders/index.ts';
import { type ReviewRecord, recordReviews } from '../../modules/reviews/index.ts';
import { recordShops } from '../../modules/shops/index.ts';
import type { Storage } from '../../modules/uploads/index.ts';
import { accountUsingEmail, hashPassword, hasUsers, recordUsers } from '../../modules/users/index.ts';
import type { Db, Tx } from '../client.ts';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_CUSTOMER, DEMO_VENDOR, OTHER_DEMO_USERS_PASSWORD } from './accounts.ts';
import { FOOD_FACTS } from './food-facts.ts';
import { demoBooking, insertFulfilment } from './fulfilment.ts';
import { DEAL_PRODUCTS, ORDERS, VEGETABLE_DEALS } from './orders.ts';
import { demoOrigin } from './origins.ts';
import { pictureStore } from './pictures.ts';
import { insertPlans } from './plans.ts';
import { NEAR_EXPIRY, PRODUCTS, SHOP_MARKDOWNS } from './products.ts';
import { CUSTOMERS, DEMO_CUSTOMER_REVIEWS, RATING_CYCLE, REVIEW_TEXTS } from './reviews.ts';
import { SHOPS } from './shops.ts';

export type DemoAccount = { role: 'admin' | 'vendor' | 'customer'; email: string; password: string };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Deals of the day run for 1296000 seconds (15 days), as the spec's countdown. */
const DEAL_DURATION_MS = DEAL_SECONDS * 1000;

/** How long a product keeps from its manufacture date, by category (always well beyond the seed day). */
const KEEPS_DAYS: Record<CategoryValue, number> = {
  milk: 45,
  vegetable: 40,
  fastFood: 30,
  baking: 365,
  fruit: 40,
  sweet: 60,
  snacks: 120,
  beverage: 90,
  regional: 45,
  bakery: 30,
  grains: 540,
  proteins: 45,
};

/**
 * SEED_DEMO unset: seed an empty database (first start), unless ADMIN_EMAIL names a real admin (a real store: the demo
 * only with SEED_DEMO=true). true: seed unless already seeded. false: never.
 */
export async function shouldSeedDemo(
  db: Db,
  seedDemo: boolean | undefined,
  options: { adminEmail?: string } = {},
): Promise<boolean> {
  if (seedDemo === false) return false;
  if (seedDemo === undefined && options.adminEmail) return false;
  if (await hasProducts(db)) return false;
  if (seedDemo === true) return true;
  return !(await hasUsers(db));
}

/** Every account the demo seed makes (the demo admin, its vendors and shoppers). */
export const DEMO_EMAILS: readonly string[] = [
  DEMO_ADMIN.email,
  ...new Set([...SHOPS.map((shop) => shop.email), ...CUSTOMERS.map((customer) => customer.email)]),
];

/** The demo accounts found in the database (their e-mail addresses). */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const email of DEMO_EMAILS) if (await accountUsingEmail(db, email)) found.push(email);
  return found;
}

/**
 * Fills the database with the demo catalog: shops and their vendors, products in every category with
 * pictures stored through the upload pipeline, reviews, deals of the day, past orders, subscription plans, and the demo
 * admin, vendor and customer. One transaction; does nothing (and returns no accounts) once products exist.
 * `withoutAdmin` (ADMIN_EMAIL is set): the demo admin, whose password the README prints, is not made.
 */
export async function seedDemoCatalog(
  db: Db,
  storage: Storage,
  options: { withoutAdmin?: boolean } = {},
): Promise<{ accounts: DemoAccount[] }> {
  if (await hasProducts(db)) return { accounts: [] };

  const picture = pictureStore(storage);
  const codepoints = new Set([
    ...SHOPS.map((s) => s.picture),
    ...PRODUCTS.map((p) => p.picture),
    ...CUSTOMERS.map((c) => c.picture),
  ]);
  const [pictures, hashes] = await Promise.all([
    Promise.all([...codepoints].map(async (cp) => [cp, await picture(cp)] as const)).then((e) => new Map(e)),
    Promise.all(
      [DEMO_ADMIN.password, DEMO_VENDOR.password, DEMO_CUSTOMER.password, OTHER_DEMO_USERS_PASSWORD].map(
        async (p) => [p, await hashPassword(p)] as const,
      ),
    ).then((e) => new Map(e)),
  ]);
  const pictureUrl = (cp: string) => pictures.get(cp) as string;
  const passwordHash = (email: string) => {
    const fixed = [DEMO_ADMIN, DEMO_VENDOR, DEMO_CUSTOMER].find((a) => a.email === email);
    return hashes.get(fixed?.password ?? OTHER_DEMO_USERS_PASSWORD) as string;
  };

  const seeded = await db.transaction(async (tx) => {
    // Two processes starting on one empty database: the second waits here, then finds the products.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('farmstall-demo-seed'))`);
    if (await hasProducts(tx)) return false;
    const now = Date.now();
    const userIds = await insertUsers(tx, now, pictureUrl, passwordHash, !options.withoutAdmin);
    await insertFulfilment(tx, now, new Map(SHOPS.map((shop) => [shop.key, userIds.get(shop.key) as string])));
    const productRows = await insertProducts(tx, now, userIds, pictureUrl);
    await insertDeals(tx, now, productRows);
    await recordShopMarkdowns(
      tx,
      SHOP_MARKDOWNS.map(({ shop, percent, days }) => ({ vendorId: userIds.get(shop) as string, percent, days })),
    );
    await insertReviews(tx, now, userIds, productRows);
    await insertOrders(tx, now, userIds, productRows);
    await insertPlans(tx, now, userIds, new Map([...productRows].map(([name, row]) => [name, row.id])));
    return true;
  });
  if (!seeded) return { accounts: [] };
  return { accounts: DEMO_ACCOUNTS.filter((account) => !options.withoutAdmin || account.role !== 'admin') };
}

/** A stable number from a text (FNV-1a), so the demo looks the same on every seed. */
function stableNumber(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

type UserIds = Map<string, string>;

async function insertUsers(
  tx: Tx,
  now: number,
  pictureUrl: (cp: string) => string,
  passwordHash: (email: string) => string,
  withAdmin: boolean,
): Promise<UserIds> {
  const joined = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);
  const admin = {
    name: DEMO_ADMIN.name,
    email: DEMO_ADMIN.email,
    role: 'admin' as const,
    passwordHash: passwordHash(DEMO_ADMIN.email),
    createdAt: joined(400),
    emailVerifiedAt: joined(400),
  };
  const byEmail = await recordUsers(tx, [
    ...(withAdmin ? [admin] : []),
    ...SHOPS.map((shop, i) => ({
      name: shop.ownerName,
      email: shop.email,
      role: 'vendor' as const,
      passwordHash: passwordHash(shop.email),
      photoUrl: pictureUrl(shop.picture),
      createdAt: joined(200 - i * 7),
      emailVerifiedAt: joined(200 - i * 7),
    })),
    ...CUSTOMERS.map((customer, i) => ({
      name: customer.name,
      email: customer.email,
      role: 'customer' as const,
      passwordHash: passwordHash(customer.email),
      photoUrl: pictureUrl(customer.picture),
      createdAt: joined(120 - i * 9),
      emailVerifiedAt: joined(120 - i * 9),
    })),
  ]);
  const ids: UserIds = new Map();
  for (const shop of SHOPS) ids.set(shop.key, byEmail.get(shop.email) as string);
  await recordShops(
    tx,
    SHOPS.map((shop, i) => ({
      vendorId: ids.get(shop.key) as string,
      name: shop.shopName,
      image: pictureUrl(shop.picture),
      address: shop.shopAddress,
      phone: shop.shopPhone,
      established: shop.shopEstablished,
      membership: shop.membership,
      badge: shop.badge,
      story: shop.story ?? null,
      createdAt: joined(200 - i * 7),
    })),
  );
  for (const customer of CUSTOMERS) ids.set(customer.key, byEmail.get(customer.email) as string);
  return ids;
}

type ProductRow = Awaited<ReturnType<typeof recordProducts>>[number];

async function insertProducts(
  tx: Tx,
  now: number,
  userIds: UserIds,
  pictureUrl: (cp: string) => string,
): Promise<Map<string, ProductRow>> {
  // Distinct popularity values, in an order unrelated to the list, so "popular products" sorting shows.
  const popularityRank = [...PRODUCTS]
    .sort((a, b) => stableNumber(`${a.name}:popularity`) - stableNumber(`${b.name}:popularity`))
    .map((p) => p.name);
  const rows = await recordProducts(
    tx,
    PRODUCTS.map((p, i) => {
      const madeDaysAgo = 1 + (stableNumber(`${p.name}:made`) % 14);
      const listedDaysAgo = 25 + (stableNumber(`${p.name}:listed`) % 40);
      const madeOn = now - madeDaysAgo * DAY_MS;
      return {
        vendorId: userIds.get(p.shop) as string,
        name: p.name,
        imageUrl: pictureUrl(p.picture),
        category: p.category,
        details: p.details,
        productionCostCents: p.costCents,
        profitMarginBp: p.marginBp,
        priceCents: priceFromCost(p.costCents, p.marginBp),
        soldByWeight: p.gramsPerPiece !== undefined,
        gramsPerPiece: p.gramsPerPiece ?? null,
        ...factColumns(p.name),
        stock: p.pool ?? 5 + (stableNumber(`${p.name}:stock`) % 116),
        unit: p.unit ?? unitForCategory(p.category),
        packLabel: p.pack?.label ?? null,
        netQuantity: p.pack?.netQuantity ?? null,
        netUnit: p.pack?.netUnit ?? null,
        pieceName: p.pieceName ?? null,
        options: p.options?.map((o) => ({
          label: o.label,
          productionCostCents: o.costCents,
          profitMarginBp: o.marginBp,
          priceCents: priceFromCost(o.costCents, o.marginBp),
          unit: o.unit ?? p.unit ?? unitForCategory(p.category),
          packLabel: o.pack?.label ?? null,
          netQuantity: o.pack?.netQuantity ?? null,
          netUnit: o.pack?.netUnit ?? null,
          soldByWeight: o.gramsPerPiece !== undefined,
          gramsPerPiece: o.gramsPerPiece ?? null,
          stock: o.stock ?? null,
          draws: o.draws ?? null,
        })),
        manufacturedOn: isoDate(madeOn),
        expiresOn: isoDate(
          p.name in NEAR_EXPIRY ? now + NEAR_EXPIRY[p.name] * DAY_MS : madeOn + KEEPS_DAYS[p.category] * DAY_MS,
        ),
        ...demoOrigin(p.name),
        popularity: 3 + (PRODUCTS.length - popularityRank.indexOf(p.name)) * 4,
        createdAt: new Date(now - listedDaysAgo * DAY_MS - i * 60_000),
        updatedAt: new Date(now - madeDaysAgo * DAY_MS),
      };
    }),
  );
  return new Map(rows.map((r) => [r.name, r]));
}

/** A demo product's food facts as its columns (bitmasks). */
function factColumns(name: string) {
  const facts = FOOD_FACTS[name];
  if (!facts) throw new Error(`A demo product has no food facts: ${name}`);
  return {
    allergens: maskOf(ALLERGENS, facts.allergens),
    labels: maskOf(LABELS, facts.labels),
    ingredients: facts.ingredients,
  };
}

function productNamed(rows: Map<string, ProductRow>, name: string): ProductRow {
  const row = rows.get(name);
  if (!row) throw new Error(`Demo data names an unknown product: ${name}`);
  return row;
}

/**
 * The deals of the day, and the vegetables of the home banner on deal: all start now and run 15 days. The home page
 * shows the three ending soonest: the deals of the day end a second earlier, so they are the three it shows.
 */
async function insertDeals(tx: Tx, now: number, rows: Map<string, ProductRow>) {
  await recordDeals(tx, [
    ...DEAL_PRODUCTS.map((name) => ({
      productId: productNamed(rows, name).id,
      endsAt: new Date(now + DEAL_DURATION_MS - 1000),
    })),
    ...VEGETABLE_DEALS.products.map((name) => ({
      productId: productNamed(rows, name).id,
      endsAt: new Date(now + DEAL_DURATION_MS),
      discountPercent: VEGETABLE_DEALS.percent,
    })),
  ]);
}

/**
 * Three products out of four get one to three reviews from different shoppers (one review per shopper and
 * product). Shoppers never review a product of theirs that is still on its way; the demo customer reviews only
 * what was delivered to them (DEMO_CUSTOMER_REVIEWS).
 */
async function insertReviews(tx: Tx, now: number, userIds: UserIds, rows: Map<string, ProductRow>) {
  const values: ReviewRecord[] = [];
  const usedTexts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const [demoCustomer, ...shoppers] = CUSTOMERS;
  const undelivered = new Set(
    ORDERS.filter((o) => o.lineStatus !== 'delivered').flatMap((o) => o.lines.map((l) => `${o.customer}:${l.product}`)),
  );
  PRODUCTS.forEach((p, i) => {
    if (i % 4 === 3) return;
    const product = productNamed(rows, p.name);
    const reviewers = shoppers.filter((c) => !undelivered.has(`${c.key}:${p.name}`));
    const reviewCount = Math.min(1 + (stableNumber(`${p.name}:reviews`) % 3), reviewers.length);
    for (let k = 0; k < reviewCount; k++) {
      const n = values.length;
      const rating = RATING_CYCLE[n % RATING_CYCLE.length];
      const texts = REVIEW_TEXTS[rating];
      const text = texts[usedTexts[rating]++ % texts.length];
      const customer = reviewers[(i + k) % reviewers.length];
      const listedAt = product.createdAt.getTime();
      const fraction = (stableNumber(`${p.name}:review:${k}`) % 1000) / 1000;
      values.push({
        productId: product.id,
        userId: userIds.get(customer.key) as string,
        commentDes: text,
        rating,
        createdAt: new Date(listedAt + (now - listedAt) * (0.1 + 0.85 * fraction)),
      });
    }
  });
  for (const review of DEMO_CUSTOMER_REVIEWS) {
    values.push({
      productId: productNamed(rows, review.product).id,
      userId: userIds.get(demoCustomer.key) as string,
      commentDes: review.text,
      rating: review.rating,
      createdAt: new Date(now - review.daysAgo * DAY_MS),
    });
  }
  await recordReviews(tx, values);
}

async function insertOrders(tx: Tx, now: number, userIds: UserIds, rows: Map<string, ProductRow>) {
  for (const order of ORDERS) {
    const customer = CUSTOMERS.find((c) => c.key === order.customer);
    if (!customer) throw new Error(`Demo order names an unknown shopper: ${order.customer}`);
    const userId = userIds.get(customer.key) as string;
    const createdAt = new Date(now - order.daysAgo * DAY_MS);
    const lines = order.lines.map((line) => {
      const product = productNamed(rows, line.product);
      const shop = SHOPS.find((s) => userIds.get(s.key) === product.vendorId);
      if (!shop) throw new Error(`Demo product without a shop: ${line.product}`);
      const option = line.option ? product.options.find((o) => o.label === line.option) : product.options[0];
      if (!option) throw new Error(`Demo order names an unknown size: ${line.product}, ${line.option}`);
      return { product, option, shop, amount: line.amount, totalCents: option.priceCents * line.amount };
    });
    const subtotalCents = lines.reduce((sum, l) => sum + l.totalCents, 0);
    const shop = { id: lines[0].product.vendorId, name: lines[0].shop.shopName };
    const booking = order.slot && (await demoBooking(tx, shop, order.slot, order.address, subtotalCents, now));
    const deliveryCents = booking?.feeCents ?? 0;
    await recordOrder(tx, {
      userId,
      email: customer.email,
      name: customer.name,
      orderName: order.orderName,
      phoneNumber: order.phoneNumber,
      address: order.address,
      subtotalCents,
      discountCents: 0,
      deliveryCents,
      priceCents: subtotalCents + deliveryCents,
      provider: 'sandbox',
      transactionId: order.transactionId,
      cardBrand: 'visa',
      cardLast4: '4242',
      status: order.status,
      lineStatus: order.lineStatus,
      createdAt,
      lines: lines.map((l) => ({
        productId: l.product.id,
        vendorId: l.product.vendorId,
        shopName: l.shop.shopName,
        shopEmail: l.shop.email,
        itemName: l.product.name,
        image: l.product.imageUrl,
        unitPriceCents: l.option.priceCents,
        amount: l.amount,
        // The size bought, as checkout copies it (decision 052).
        optionId: l.option.id,
        optionLabel: l.option.label,
        sku: l.option.sku,
        draws: l.option.draws,
        unit: l.option.unit,
        pack:
          l.option.packLabel && l.option.netQuantity && l.option.netUnit
            ? { label: l.option.packLabel, netQuantity: l.option.netQuantity, netUnit: l.option.netUnit as NetUnit }
            : null,
      })),
      fulfilments: booking ? [booking] : [],
    });
  }
}
