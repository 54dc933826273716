import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import type { VendorAllowance } from '#contract/catalog.ts';
import { ALLERGENS, type Allergen, LABELS, type Label, labelConflict, maskOf, namesOf } from '#contract/food-facts.ts';
import { dollarsToCents, priceFromCost } from '#contract/money.ts';
import {
  type OfferedProduct,
  OPTION_WEIGHT_MIX,
  type OptionInput,
  PRODUCT_LIMIT_MESSAGE,
  type ProductEditInput,
  type ProductInput,
  pricingOf,
  productEditInput,
  SKU_TAKEN,
  stockSharedOf,
  type VendorProduct,
} from '#contract/products.ts';
import type { Unit } from '#contract/units.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { planOfShop, premiumPlan, productLimitMessage, shopListed, shopOfEmail } from '../shops/index.ts';
import { type Mirrors, mirrorsOf } from './mirrors.ts';
import { type Place, placeOfPostcode, shownDistanceKm } from './places.ts';
import { countPopularity } from './popularity.ts';
import { queryPrepared, queryShaped, type Shaped, shapedStatement } from './prepared.ts';
import {
  PRODUCT_PAGE_COLUMNS,
  PRODUCT_PAGE_JOIN,
  productPageRow,
  toProduct,
  toVendorProduct,
  VENDOR_PRODUCT_COLUMNS,
  VENDOR_SHOP_CARD_JOIN,
  type VendorProductRow,
  vendorProductRow,
} from './product-rows.ts';
import { tellStockChanges } from './stock-notices.ts';
import { categories, deals, productOptions, products } from './tables.ts';

const GONE = 'This product is no longer available';

/**
 * A product's review summary as a relation of one row (review_count, average_rating) for the product `productId`:
 * the reviews module's, given to the catalog's routes by app.ts (the reviews module depends on the catalog).
 */
export type ReviewSummaryOf = (productId: SQL) => SQL;

const pageRow = productPageRow.extend({
  review_count: z.number(),
  average_rating: z.number(),
  /** Its shop is listed: not waiting for the admin's review. */
  shop_listed: z.boolean(),
});

/**
 * The product page's one statement: the product with its shop, running deal and review summary, and its distance
 * from the shopper's place when the request names one.
 */
function productPage(id: string, reviewSummaryOf: ReviewSummaryOf, from?: Place): Shaped {
  const distance = from
    ? sql`, ${shownDistanceKm({ latitude: sql.placeholder('lat'), longitude: sql.placeholder('lng') })} AS distance_km`
    : sql``;
  return {
    shape: from ? 'product-page:place' : 'product-page',
    build: () => sql`SELECT ${PRODUCT_PAGE_COLUMNS}, summary.review_count, summary.average_rating,
      ${shopListed(sql`p.vendor_id`)} AS shop_listed ${distance}
      FROM products p ${PRODUCT_PAGE_JOIN} CROSS JOIN LATERAL ${reviewSummaryOf(sql`p.id`)} summary
      WHERE p.id = ${sql.placeholder('id')}::uuid`,
    values: { id, lat: from?.latitude, lng: from?.longitude },
  };
}

/** The product page's statement as getOfferedProduct sends it. */
export function productPageStatement(id: string, reviewSummaryOf: ReviewSummaryOf, from?: Place): pg.QueryConfig {
  return shapedStatement(productPage(id, reviewSummaryOf, from));
}

async function selectProduct(db: Tx, id: string): Promise<VendorProductRow | undefined> {
  const [row] = await queryPrepared(
    db,
    vendorProductRow,
    sql`SELECT ${VENDOR_PRODUCT_COLUMNS} FROM products p ${VENDOR_SHOP_CARD_JOIN} WHERE p.id = ${id}::uuid`,
  );
  return row;
}

/** The product as it is now (any state), as its vendor reads it right after adding or editing it. */
async function productById(db: Tx, id: string): Promise<VendorProduct> {
  const row = await selectProduct(db, id);
  if (!row) throw notFound('Product');
  return toVendorProduct(row);
}

/**
 * A product a shopper can see and buy (listed, not past its expiry date, its shop listed; 404 otherwise) with its review
 * summary, in one statement.
 */
export async function getOfferedProduct(
  db: Tx,
  id: string,
  reviewSummaryOf: ReviewSummaryOf,
  from?: Place,
): Promise<OfferedProduct> {
  const [row] = await queryShaped(db, pageRow, productPage(id, reviewSummaryOf, from));
  if (!row?.listed || row.expired || !row.shop_listed) throw new AppError('NOT_FOUND', GONE);
  return { ...toProduct(row), reviewSummary: { reviewCount: row.review_count, averageRating: row.average_rating } };
}

/** Any listed product, expired or not, for its owner (404 when unlisted, 403 when someone else's). */
async function ownProductRow(db: Tx, id: string, vendor: AuthUser): Promise<VendorProductRow> {
  const row = await selectProduct(db, id);
  if (!row?.listed) throw notFound('Product');
  if (row.vendor_id !== vendor.id) throw forbidden('You can only change your own products');
  return row;
}

async function today(db: Tx): Promise<string> {
  const result = await db.execute(sql`SELECT ${BUSINESS_TODAY}::text AS today`);
  const [row] = parseRows(z.object({ today: z.string() }), result.rows);
  return row.today;
}

/** The food facts given (bitmasks); those not sent stay as they are (a new product starts with none). */
const factColumns = (input: { allergens?: Allergen[]; labels?: Label[] }) => ({
  ...(input.allergens && { allergens: maskOf(ALLERGENS, input.allergens) }),
  ...(input.labels && { labels: maskOf(LABELS, input.labels) }),
});

/** The input's fields stored otherwise than as they are, by the functions around (masks, weight, rule, origin). */
const CONVERTED = [
  'allergens',
  'labels',
  'soldByWeight',
  'gramsPerPiece',
  'markdownPercent',
  'markdownDays',
  'originName',
  'originPostcode',
  'unit',
  'packLabel',
  'netQuantity',
  'netUnit',
] as const;
type ProductColumns = typeof products.$inferInsert;
/** The input's fields stored as they are, in the column of the same name (ingredients, and a new plain field). */
type Plain = Exclude<keyof ProductEditInput & keyof ProductColumns, (typeof CONVERTED)[number]>;
const PLAIN = Object.keys(productEditInput.shape).filter(
  (key): key is Plain => key in getTableColumns(products) && !(CONVERTED as readonly string[]).includes(key),
);

/**
 * The plain fields given, each in its column as the input schema made it (a field whose value needs converting goes
 * in CONVERTED, with its own step); those not sent stay as they are (a new product takes the column's default).
 */
function plainColumns(input: Pick<ProductEditInput, Plain>): Partial<Pick<ProductColumns, Plain>> {
  return Object.fromEntries(PLAIN.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));
}

/** The product's own markdown rule: both given, both cleared (the input checked it), or not sent (left as it was). */
const markdownColumns = (input: { markdownPercent?: number | null; markdownDays?: number | null }) =>
  input.markdownPercent === undefined && input.markdownDays === undefined
    ? {}
    : { markdownPercent: input.markdownPercent ?? null, markdownDays: input.markdownDays ?? null };
type OriginFields = { originName?: string | null; originPostcode?: string | null };

/**
 * The farm a product comes from, placed by its ZIP code (400 on originPostcode when the data set cannot place it),
 * or none: the shop's place (the database fills it in). Neither field sent: unchanged (`{}`).
 */
function originColumns({ originName, originPostcode }: OriginFields) {
  if (originName === undefined && originPostcode === undefined) return {};
  if (!originPostcode || !originName) return { originName: null, originPostcode: null };
  const zip = originPostcode.slice(0, 5);
  const place = placeOfPostcode(zip, 'originPostcode');
  return { originName, originPostcode: zip, originLatitude: place.latitude, originLongitude: place.longitude };
}

/**
 * The columns of the product itself the vendor's product form sets, alike when listing and when editing (the vendor
 * and category are set once, on listing); `origin` is the farm, placed before the transaction (originColumns). Price,
 * stock, unit, pack, weight, cost and margin are its options' (writeOptions).
 */
function formColumns(input: ProductEditInput, origin: ReturnType<typeof originColumns>) {
  return {
    name: input.productName,
    details: input.productDetails,
    imageUrl: input.productImage,
    ...factColumns(input),
    ...plainColumns(input),
    ...markdownColumns(input),
    ...origin,
    manufacturedOn: input.productManufacturingDate,
    expiresOn: input.productExpireDate,
  };
}

/**
 * The price, cost and margin stored (issue 32): a typed price with the cost given or none and no margin (the vendor
 * reads it derived); or the spec's cost and margin with the price they give. The input's rules made sure the fields
 * the way needs are there.
 */
function moneyColumns(input: Parameters<typeof pricingOf>[0]) {
  if (pricingOf(input) === 'price') {
    const cost = input.productionCost;
    return {
      productionCostCents: typeof cost === 'number' ? dollarsToCents(cost) : null,
      profitMarginBp: null,
      priceCents: dollarsToCents(input.productPrice ?? 0),
    };
  }
  const productionCostCents = dollarsToCents(input.productionCost ?? 0);
  const profitMarginBp = Math.round((input.profitMargin ?? 0) * 100);
  return { productionCostCents, profitMarginBp, priceCents: priceFromCost(productionCostCents, profitMarginBp) };
}

export async function vendorAllowance(db: Tx, vendorId: string, now = new Date()): Promise<VendorAllowance> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.vendorId, vendorId), eq(products.listed, true)));
  // The plan that applies now (decision 051): a shop over a lowered limit keeps its products and adds no more.
  const plan = await planOfShop(db, vendorId, now);
  const limit = plan.productLimit;
  const canAdd = limit === null || n < limit;
  const message = canAdd ? null : productLimitMessage(plan, await premiumPlan(db));
  return { membership: plan.key, productCount: n, limit, canAdd, message };
}

/** A product's option as writeOptions stores it (money in cents); `id` names an existing one (else it is added). */
export type OptionWrite = {
  id?: string;
  label: string;
  sku: string;
  gtin: string | null;
  priceCents: number;
  productionCostCents: number | null;
  profitMarginBp: number | null;
  unit: Unit;
  packLabel: string | null;
  netQuantity: number | null;
  netUnit: Unit | null;
  soldByWeight: boolean;
  gramsPerPiece: number | null;
  /** Its own stock, or null when it draws from the product's pool. */
  stock: number | null;
  /** Pool units one takes, or null with its own stock. */
  draws: number | null;
};

/** The options of a product to write, with how they hold their stock: one shared pool (its units), or each its own. */
type OptionsPlan = { options: OptionWrite[]; shared: boolean; pool: number | null };

/** A listed option as stored. */
type StoredOption = typeof productOptions.$inferSelect;

/** A SKU made for a size sent without one: 'P-' and 12 upper-case hex digits of a random uuid (as migration 0055). */
const generatedSku = () => `P-${randomUUID().replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** The name of a product's one option when the vendor names none, as migration 0055 names them: 'Each', '1 kg'. */
function defaultLabel(unit: Unit, packLabel: string | null): string {
  if (unit === 'pack') return packLabel ?? 'Pack';
  const named: Partial<Record<Unit, string>> = { piece: 'Each', bunch: 'Bunch', dozen: 'Dozen', liter: '1 liter' };
  return named[unit] ?? `1 ${unit}`;
}

/** The option's unit and pack: as sent (a pack keeps its label and net quantity, another unit none), else as it was. */
function optionUnit(
  input: Pick<OptionInput, 'unit' | 'packLabel' | 'netQuantity' | 'netUnit'>,
  was: Pick<OptionWrite, 'unit' | 'packLabel' | 'netQuantity' | 'netUnit'>,
) {
  if (input.unit === undefined) {
    return { unit: was.unit, packLabel: was.packLabel, netQuantity: was.netQuantity, netUnit: was.netUnit };
  }
  const pack = input.unit === 'pack';
  return {
    unit: input.unit,
    packLabel: pack ? (input.packLabel ?? null) : null,
    netQuantity: pack ? (input.netQuantity ?? null) : null,
    netUnit: pack ? (input.netUnit ?? null) : null,
  };
}

/** Sold by weight with its estimated piece weight: as sent, else as it was. */
function optionWeight(
  input: Pick<OptionInput, 'soldByWeight' | 'gramsPerPiece'>,
  was: Pick<OptionWrite, 'soldByWeight' | 'gramsPerPiece'>,
) {
  if (input.soldByWeight === undefined) return { soldByWeight: was.soldByWeight, gramsPerPiece: was.gramsPerPiece };
  return { soldByWeight: input.soldByWeight, gramsPerPiece: input.soldByWeight ? (input.gramsPerPiece ?? null) : null };
}

/** The price, cost and margin of an option in cents (moneyColumns). */
function optionMoney(input: Parameters<typeof pricingOf>[0]) {
  const { priceCents, productionCostCents, profitMarginBp } = moneyColumns(input);
  return { priceCents, productionCostCents, profitMarginBp };
}

/** A stored option as writeOptions takes it back (kept as it is). */
const kept = (o: StoredOption): OptionWrite => ({
  id: o.id,
  label: o.label,
  sku: o.sku,
  gtin: o.gtin,
  priceCents: o.priceCents,
  productionCostCents: o.productionCostCents,
  profitMarginBp: o.profitMarginBp,
  unit: o.unit,
  packLabel: o.packLabel,
  netQuantity: o.netQuantity,
  netUnit: o.netUnit,
  soldByWeight: o.soldByWeight,
  gramsPerPiece: o.gramsPerPiece,
  stock: o.stock,
  draws: o.draws,
});

/**
 * The options a product input describes. With `options`: each as sent (an `_id` edits that listed option of this
 * product, none adds one), drawing from the pool productQuantity with stockShared, else each with its own stock.
 * Without: the product-level fields are its first option (a new product's only one, drawing 1 from productQuantity;
 * an edit changes the first and keeps the others, and productQuantity sets what the first reads as available).
 */
function planOptions(
  input: ProductEditInput,
  existing: StoredOption[],
  product: { stock: number; unit: Unit },
): OptionsPlan {
  const plan = input.options ? plannedOptions(input, input.options, existing, product.unit) : firstOptionPlan();
  const mixed = plan.options.findIndex((o) => o.soldByWeight !== plan.options[0].soldByWeight);
  if (mixed > 0) {
    throw badRequest(OPTION_WEIGHT_MIX, {
      [input.options ? `options.${mixed}.soldByWeight` : 'soldByWeight']: OPTION_WEIGHT_MIX,
    });
  }
  plan.options.forEach((o, i) => {
    if (o.soldByWeight && o.gramsPerPiece === null) {
      const message = 'Enter the estimated weight of one piece';
      throw badRequest(message, { [input.options ? `options.${i}.gramsPerPiece` : 'gramsPerPiece']: message });
    }
  });
  return plan;

  function firstOptionPlan(): OptionsPlan {
    const quantity = input.productQuantity ?? 0;
    const [was, ...others] = existing;
    if (!was) {
      const unit = optionUnit(input, { unit: product.unit, packLabel: null, netQuantity: null, netUnit: null });
      const option: OptionWrite = {
        label: defaultLabel(unit.unit, unit.packLabel),
        sku: generatedSku(),
        gtin: null,
        ...optionMoney(input),
        ...unit,
        ...optionWeight(input, { soldByWeight: false, gramsPerPiece: null }),
        stock: null,
        draws: 1,
      };
      return { options: [option], shared: true, pool: quantity };
    }
    const first: OptionWrite = {
      ...kept(was),
      ...optionMoney(input),
      ...optionUnit(input, was),
      ...optionWeight(input, was),
    };
    const rest = others.map(kept);
    if (was.draws === null) return { options: [{ ...first, stock: quantity }, ...rest], shared: false, pool: null };
    // The first option reads floor(pool / draws): the pool stays when that is what was sent back.
    const pool = Math.floor(product.stock / was.draws) === quantity ? product.stock : quantity * was.draws;
    return { options: [first, ...rest], shared: true, pool };
  }
}

function plannedOptions(
  input: ProductEditInput,
  sent: OptionInput[],
  existing: StoredOption[],
  categoryUnit: Unit,
): OptionsPlan {
  const shared = stockSharedOf(input);
  const byId = new Map(existing.map((o) => [o.id, o]));
  const seen = new Set<string>();
  const options = sent.map((option, i): OptionWrite => {
    const was = option._id === undefined ? undefined : byId.get(option._id);
    if (option._id !== undefined && (!was || seen.has(option._id))) {
      const message = was ? 'Each size is sent once' : 'This size is no longer sold';
      throw badRequest(message, { [`options.${i}._id`]: message });
    }
    if (option._id) seen.add(option._id);
    const before = was ?? { unit: categoryUnit, packLabel: null, netQuantity: null, netUnit: null };
    return {
      ...(was && { id: was.id }),
      label: option.label,
      sku: option.sku ?? was?.sku ?? generatedSku(),
      gtin: option.gtin === undefined ? (was?.gtin ?? null) : option.gtin,
      ...optionMoney(option),
      ...optionUnit(option, before),
      ...optionWeight(option, was ?? { soldByWeight: false, gramsPerPiece: null }),
      stock: shared ? null : (option.stock ?? 0),
      draws: shared ? (option.draws ?? 1) : null,
    };
  });
  return { options, shared, pool: shared ? (input.productQuantity ?? 0) : null };
}

/** The listed options of a product, first first. */
async function listedOptions(tx: Tx, productId: string): Promise<StoredOption[]> {
  return tx
    .select()
    .from(productOptions)
    .where(and(eq(productOptions.productId, productId), eq(productOptions.listed, true)))
    .orderBy(asc(productOptions.position));
}

/** A 409 naming each option whose SKU another listed option of the shop has. */
function skuTaken(options: readonly OptionWrite[], taken: (sku: string) => boolean) {
  const fields = Object.fromEntries(
    options.flatMap((o, i) => (taken(o.sku.toLowerCase()) ? [[`options.${i}.sku`, SKU_TAKEN]] : [])),
  );
  return new AppError('CONFLICT', SKU_TAKEN, Object.keys(fields).length ? fields : { 'options.0.sku': SKU_TAKEN });
}

/** The SKU a unique violation of product_options_sku_key names, lower case (its detail says `…=(vendor, sku)`). */
function violatedSku(error: unknown): string | undefined {
  for (let e = error as { cause?: unknown; constraint?: string; code?: string; detail?: string } | undefined; e; ) {
    if (e.code === '23505' && e.constraint === 'product_options_sku_key') {
      return /=\([^,]+, (.*)\) already exists/.exec(e.detail ?? '')?.[1]?.toLowerCase() ?? '';
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

/**
 * The one writer of a product's options and of the products columns mirroring them (decision 052), under the
 * product's row lock (taken by the caller: `SELECT … FOR UPDATE`, or the insert of a new product). The options are
 * written in the order given (positions 1, 2, …); a listed option not among them is unlisted (its carts then say it
 * is no longer sold, its SKU is free again). A SKU another listed option of the shop has is a 409 on that option's
 * field. The products row gets the mirrors (mirrorsOf) and `columns`, in one update, when any of them changes.
 */
export async function writeOptions(
  tx: Tx,
  product: { id: string; vendorId: string } & Mirrors,
  plan: OptionsPlan,
  columns: Partial<typeof products.$inferInsert> = {},
): Promise<Mirrors> {
  const { options } = plan;
  const skus = options.map((o) => o.sku.toLowerCase());
  const taken = await tx
    .select({ sku: sql<string>`lower(${productOptions.sku})` })
    .from(productOptions)
    .where(
      and(
        eq(productOptions.vendorId, product.vendorId),
        eq(productOptions.listed, true),
        ne(productOptions.productId, product.id),
        inArray(sql`lower(${productOptions.sku})`, skus),
      ),
    );
  if (taken.length > 0) {
    const set = new Set(taken.map((row) => row.sku));
    throw skuTaken(options, (sku) => set.has(sku));
  }
  try {
    // Unlisted first, then listed again as given: positions and SKUs may swap between the options kept.
    await tx
      .update(productOptions)
      .set({ listed: false })
      .where(and(eq(productOptions.productId, product.id), eq(productOptions.listed, true)));
    const added: (typeof productOptions.$inferInsert)[] = [];
    for (const [index, { id, ...option }] of options.entries()) {
      const values = { ...option, position: index + 1, listed: true };
      if (id) {
        await tx
          .update(productOptions)
          .set(values)
          .where(and(eq(productOptions.id, id), eq(productOptions.productId, product.id)));
      } else {
        added.push({ ...values, productId: product.id, vendorId: product.vendorId });
      }
    }
    if (added.length > 0) await tx.insert(productOptions).values(added);
  } catch (error) {
    const sku = violatedSku(error);
    if (sku === undefined) throw error;
    throw skuTaken(options, (s) => s === sku);
  }
  const mirrors = mirrorsOf(plan.options, plan.shared ? (plan.pool ?? 0) : null);
  const changed = (Object.keys(mirrors) as (keyof Mirrors)[]).some(
    (key) => JSON.stringify(mirrors[key]) !== JSON.stringify(product[key]),
  );
  if (changed || Object.keys(columns).length > 0) {
    await tx
      .update(products)
      .set({ ...mirrors, ...columns, updatedAt: new Date() })
      .where(eq(products.id, product.id));
  }
  return mirrors;
}

/**
 * Lists a new product for the vendor with its options (writeOptions), priced as typed or from cost and margin
 * (moneyColumns). A normal member holds at most 5 listed products (however many sizes each has): a lock per vendor
 * makes two requests that could both add the 5th wait in turn.
 */
export async function createProduct(
  db: Db,
  vendor: AuthUser,
  input: ProductInput,
  now = new Date(),
): Promise<VendorProduct> {
  const origin = originColumns({ originName: input.originName ?? null, originPostcode: input.originPostcode ?? null });
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('farmstall:products:' || ${vendor.id}))`);
    const allowance = await vendorAllowance(tx, vendor.id, now);
    if (!allowance.canAdd) throw conflict(allowance.message ?? PRODUCT_LIMIT_MESSAGE);
    if (input.productExpireDate < (await today(tx))) {
      throw badRequest('The Expire Date has already passed', {
        productExpireDate: 'The Expire Date has already passed',
      });
    }
    const [category] = await tx
      .select({ unit: categories.unit })
      .from(categories)
      .where(eq(categories.value, input.productCategory));
    if (!category) throw badRequest('Choose a category', { productCategory: 'Choose a category' });
    // The farmer's unit, else the category's (the spec's rule; decision 053).
    const plan = planOptions(input, [], { stock: 0, unit: category.unit });
    const mirrors = mirrorsOf(plan.options, plan.shared ? (plan.pool ?? 0) : null);
    const [row] = await tx
      .insert(products)
      .values({ vendorId: vendor.id, category: input.productCategory, ...formColumns(input, origin), ...mirrors })
      .returning({ id: products.id });
    await writeOptions(tx, { id: row.id, vendorId: vendor.id, ...mirrors }, plan);
    return row.id;
  });
  return productById(db, id);
}

/**
 * The vendor edits one of their own products: texts, picture, stock, dates, its options (price follows). The row is
 * locked while it changes, so the stock it had before is known: a product back in stock or down to its low-stock
 * mark is told in the edit's transaction (tellStockChanges).
 */
export async function editProduct(
  db: Db,
  vendor: AuthUser,
  id: string,
  input: ProductEditInput,
): Promise<VendorProduct> {
  const origin = originColumns(input);
  const row = await ownProductRow(db, id, vendor);
  // A label and an allergen sent alone may contradict the one kept ("A vegan product cannot contain milk").
  const conflict = labelConflict(
    input.labels ?? namesOf(LABELS, row.labels),
    input.allergens ?? namesOf(ALLERGENS, row.allergens),
  );
  if (conflict) throw badRequest(conflict, { labels: conflict });
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ ...MIRROR_COLUMNS, vendorId: products.vendorId })
      .from(products)
      .where(eq(products.id, id))
      .for('update');
    const plan = planOptions(input, await listedOptions(tx, id), before);
    const after = await writeOptions(tx, { id, ...before }, plan, formColumns(input, origin));
    await tellStockChanges(tx, [{ productId: id, before: before.stock, after: after.stock, minDraws: after.minDraws }]);
  });
  return productById(db, id);
}

const MIRROR_COLUMNS = {
  priceCents: products.priceCents,
  stock: products.stock,
  minDraws: products.minDraws,
  unit: products.unit,
  packLabel: products.packLabel,
  netQuantity: products.netQuantity,
  netUnit: products.netUnit,
  soldByWeight: products.soldByWeight,
  gramsPerPiece: products.gramsPerPiece,
  productionCostCents: products.productionCostCents,
  profitMarginBp: products.profitMarginBp,
  sizes: products.sizes,
  firstStock: products.firstStock,
};

/** Deleting unlists the product and its options (their SKUs are free again): order lines keep pointing at them. */
export async function unlistProduct(db: Db, vendor: AuthUser, id: string): Promise<number> {
  await ownProductRow(db, id, vendor);
  return db.transaction(async (tx) => {
    await tx.delete(deals).where(eq(deals.productId, id));
    const result = await tx
      .update(products)
      .set({ listed: false, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.listed, true)));
    await tx
      .update(productOptions)
      .set({ listed: false })
      .where(and(eq(productOptions.productId, id), eq(productOptions.listed, true)));
    return result.rowCount ?? 0;
  });
}

/**
 * The spec's body-less PATCH after an add to cart: one more unit of popularity for an offered product, only for
 * a user who has not raised it before (their add to the cart already did, so this is then 0).
 */
export async function bumpPopularity(db: Tx, id: string, userId: string): Promise<number> {
  const offered = await db.execute(sql`
    SELECT 1 FROM products WHERE id = ${id}::uuid AND listed AND expires_on >= ${BUSINESS_TODAY}`);
  if (!offered.rowCount) throw notFound('Product');
  return (await countPopularity(db, id, userId)) ? 1 : 0;
}

/** A vendor's listed products (expired ones too, flagged), newest first; none for an e-mail without a shop. */
export async function vendorProducts(db: Tx, email: string): Promise<VendorProduct[]> {
  const shop = await shopOfEmail(db, email);
  if (!shop) return [];
  const result = await db.execute(sql`
    SELECT ${VENDOR_PRODUCT_COLUMNS} FROM products p ${VENDOR_SHOP_CARD_JOIN}
    WHERE p.vendor_id = ${shop.vendorId}::uuid AND p.listed
    ORDER BY p.created_at DESC, p.id`);
  return parseRows(vendorProductRow, result.rows).map(toVendorProduct);
}
