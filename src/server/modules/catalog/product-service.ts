import { and, count, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import type { VendorAllowance } from '#contract/catalog.ts';
import { ALLERGENS, type Allergen, LABELS, type Label, labelConflict, maskOf, namesOf } from '#contract/food-facts.ts';
import { dollarsToCents, priceFromCost } from '#contract/money.ts';
import {
  type OfferedProduct,
  PRODUCT_LIMIT_MESSAGE,
  type ProductEditInput,
  type ProductInput,
  pricingOf,
  productEditInput,
  type VendorProduct,
} from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import type { Db, Tx } from '../../db/client.ts';
import { parseRows } from '../../db/rows.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { planOfShop, premiumPlan, productLimitMessage, shopOfEmail } from '../shops/index.ts';
import { type Place, placeOfPostcode, shownDistanceKm } from './places.ts';
import { countPopularity } from './popularity.ts';
import { queryPrepared, queryShaped, type Shaped, shapedStatement } from './prepared.ts';
import {
  PRODUCT_COLUMNS,
  type ProductRow,
  productRow,
  SHOP_CARD_JOIN,
  toProduct,
  toVendorProduct,
} from './product-rows.ts';
import { tellStockChanges } from './stock-notices.ts';
import { categories, deals, products } from './tables.ts';

const GONE = 'This product is no longer available';

/**
 * A product's review summary as a relation of one row (review_count, average_rating) for the product `productId`:
 * the reviews module's, given to the catalog's routes by app.ts (the reviews module depends on the catalog).
 */
export type ReviewSummaryOf = (productId: SQL) => SQL;

const pageRow = productRow.extend({ review_count: z.number(), average_rating: z.number() });

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
    build: () => sql`SELECT ${PRODUCT_COLUMNS}, summary.review_count, summary.average_rating ${distance}
      FROM products p ${SHOP_CARD_JOIN} CROSS JOIN LATERAL ${reviewSummaryOf(sql`p.id`)} summary
      WHERE p.id = ${sql.placeholder('id')}::uuid`,
    values: { id, lat: from?.latitude, lng: from?.longitude },
  };
}

/** The product page's statement as getOfferedProduct sends it. */
export function productPageStatement(id: string, reviewSummaryOf: ReviewSummaryOf, from?: Place): pg.QueryConfig {
  return shapedStatement(productPage(id, reviewSummaryOf, from));
}

async function selectProduct(db: Tx, id: string): Promise<ProductRow | undefined> {
  const [row] = await queryPrepared(
    db,
    productRow,
    sql`SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN} WHERE p.id = ${id}::uuid`,
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
 * A product a shopper can see and buy (listed and not past its expiry date; 404 otherwise) with its review
 * summary, in one statement.
 */
export async function getOfferedProduct(
  db: Tx,
  id: string,
  reviewSummaryOf: ReviewSummaryOf,
  from?: Place,
): Promise<OfferedProduct> {
  const [row] = await queryShaped(db, pageRow, productPage(id, reviewSummaryOf, from));
  if (!row?.listed || row.expired) throw new AppError('NOT_FOUND', GONE);
  return { ...toProduct(row), reviewSummary: { reviewCount: row.review_count, averageRating: row.average_rating } };
}

/** Any listed product, expired or not, for its owner (404 when unlisted, 403 when someone else's). */
async function ownProductRow(db: Tx, id: string, vendor: AuthUser): Promise<ProductRow> {
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

/** A product sold by weight keeps its estimated weight per piece; any other has none. */
const weightColumns = ({ soldByWeight, gramsPerPiece }: { soldByWeight?: boolean; gramsPerPiece?: number | null }) =>
  soldByWeight === undefined ? {} : { soldByWeight, gramsPerPiece: soldByWeight ? (gramsPerPiece ?? null) : null };

/**
 * What it is sold by (decision 053): a pack keeps its label and net quantity (the input's rules made sure of them),
 * any other unit none; not sent: unchanged (a new product takes its category's unit in createProduct).
 */
function unitColumns(input: Pick<ProductEditInput, 'unit' | 'packLabel' | 'netQuantity' | 'netUnit'>) {
  if (input.unit === undefined) return {};
  const pack = input.unit === 'pack';
  return {
    unit: input.unit,
    packLabel: pack ? (input.packLabel ?? null) : null,
    netQuantity: pack ? (input.netQuantity ?? null) : null,
    netUnit: pack ? (input.netUnit ?? null) : null,
  };
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
 * The columns the vendor's product form sets, alike when listing and when editing (the vendor, category and unit are
 * set once, on listing); `origin` is the farm, placed before the transaction (originColumns).
 */
function formColumns(input: ProductEditInput, origin: ReturnType<typeof originColumns>) {
  return {
    name: input.productName,
    details: input.productDetails,
    imageUrl: input.productImage,
    stock: input.productQuantity,
    ...moneyColumns(input),
    ...weightColumns(input),
    ...unitColumns(input),
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

/**
 * Lists a new product for the vendor, priced as typed or from cost and margin (moneyColumns). A normal member
 * holds at most 5 listed products: a lock per vendor makes two requests that could both add the 5th wait in turn.
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
    const [row] = await tx
      .insert(products)
      .values({
        vendorId: vendor.id,
        category: input.productCategory,
        // The farmer's unit, else the category's (the spec's rule; decision 053).
        ...formColumns({ ...input, unit: input.unit ?? category.unit }, origin),
        unit: input.unit ?? category.unit,
      })
      .returning({ id: products.id });
    return row.id;
  });
  return productById(db, id);
}

/**
 * The vendor edits one of their own products: texts, picture, stock, dates, cost and margin (price follows). The
 * row is locked while it changes, so the stock it had before is known: a product back from sold out or down to its
 * low-stock mark is told in the edit's transaction (tellStockChanges).
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
    const [before] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)).for('update');
    await tx
      .update(products)
      .set({
        ...formColumns(input, origin),
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await tellStockChanges(tx, [{ productId: id, before: before.stock, after: input.productQuantity }]);
  });
  return productById(db, id);
}

/** Deleting unlists: order lines keep pointing at the product. */
export async function unlistProduct(db: Db, vendor: AuthUser, id: string): Promise<number> {
  await ownProductRow(db, id, vendor);
  return db.transaction(async (tx) => {
    await tx.delete(deals).where(eq(deals.productId, id));
    const result = await tx
      .update(products)
      .set({ listed: false, updatedAt: new Date() })
      .where(and(eq(products.id, id), eq(products.listed, true)));
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
    SELECT ${PRODUCT_COLUMNS} FROM products p ${SHOP_CARD_JOIN}
    WHERE p.vendor_id = ${shop.vendorId}::uuid AND p.listed
    ORDER BY p.created_at DESC, p.id`);
  return parseRows(productRow, result.rows).map(toVendorProduct);
}
