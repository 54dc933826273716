import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { bestPrice, type PriceSaving } from '#contract/markdowns.ts';
import { isNetUnit, type Pack, type Unit } from '#contract/units.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { shopCards, shopListed } from '../shops/index.ts';
import { currentTax } from '../tax/index.ts';
import { markdownPercentToday, runningDealOf } from './product-rows.ts';
import { type StockChange, tellStockChanges } from './stock-notices.ts';
import { productOptions, products, shopMarkdowns } from './tables.ts';

/**
 * A size or pack of a product as a cart line or an order line needs it, as it is right now (decision 052): `id` is
 * the product's; price, weight, unit and pack are the option's.
 */
export type CartOption = {
  id: string;
  optionId: string;
  productId: string;
  name: string;
  optionLabel: string;
  sku: string;
  image: string;
  /** What the cart charges (per kg when sold by weight): the option's price less the product's deal or markdown. */
  priceCents: number;
  /** The option's own price, before any deal or markdown. */
  listPriceCents: number;
  /** The deal or near-expiry markdown in priceCents, or null. */
  saving: PriceSaving | null;
  soldByWeight: boolean;
  gramsPerPiece: number | null;
  /** How many of this option can be bought now: its own stock, or the product's pool divided by `draws`. */
  stock: number;
  /** Pool units one takes (a dozen draws 12 eggs), or null when the option has its own stock. */
  draws: number | null;
  /** The product's shared pool when this option draws from it, else null. */
  pool: number | null;
  /** How many listed options the product has: an order line names the option when there are several. */
  optionCount: number;
  unit: Unit;
  /** The named pack one unit is (unit `pack`), else null (decision 053). */
  pack: Pack | null;
  /** What one piece of the product is called ("egg"), or null. */
  pieceName: string | null;
  /** The product and this option are both listed. */
  listed: boolean;
  expired: boolean;
  vendorId: string;
  shopName: string;
  shopEmail: string;
  /** The tax rate of its category now, in basis points (decision 028). */
  taxBps: number;
};
/** @deprecated the name before options: a cart line is an option of a product. */
export type CartProduct = CartOption;

/**
 * The options of these ids (listed or not) with their product and shop, by option id, each priced as the cart charges
 * it: with the better of the product's running deal and its near-expiry markdown of today (bestPrice), if any. With
 * `lock`, their products' rows are locked FOR UPDATE in product id order (every writer of a product's or an option's
 * stock holds its product's row first), so two checkouts or adds sharing products cannot deadlock; the lock is held
 * until the caller's transaction ends.
 */
export async function productsForCart(
  db: Tx,
  optionIds: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, CartOption>> {
  if (optionIds.length === 0) return new Map();
  const query = db
    .select({
      optionId: productOptions.id,
      id: products.id,
      name: products.name,
      optionLabel: productOptions.label,
      sku: productOptions.sku,
      image: products.imageUrl,
      listPriceCents: productOptions.priceCents,
      dealPercent: sql<number | null>`(SELECT running_deal.discount_percent
        FROM ${runningDealOf(products.id)} running_deal)`,
      markdownPercent: markdownPercentToday(
        { expiresOn: products.expiresOn, percent: products.markdownPercent, days: products.markdownDays },
        { percent: shopMarkdowns.percent, days: shopMarkdowns.days },
      ),
      soldByWeight: productOptions.soldByWeight,
      gramsPerPiece: productOptions.gramsPerPiece,
      ownStock: productOptions.stock,
      draws: productOptions.draws,
      productStock: products.stock,
      optionCount: sql<number>`(SELECT count(*)::int FROM ${productOptions} listed_option
        WHERE listed_option.product_id = ${products.id} AND listed_option.listed)`,
      unit: productOptions.unit,
      packLabel: productOptions.packLabel,
      netQuantity: productOptions.netQuantity,
      netUnit: productOptions.netUnit,
      pieceName: products.pieceName,
      productListed: products.listed,
      optionListed: productOptions.listed,
      // A shop the admin has not approved (or has turned down) sells nothing, also from carts filled before.
      shopListed: sql<boolean>`${shopListed(sql`${products.vendorId}`)}`,
      expired: sql<boolean>`${products.expiresOn} < ${BUSINESS_TODAY}`,
      vendorId: products.vendorId,
      category: products.category,
    })
    .from(productOptions)
    .innerJoin(products, eq(products.id, productOptions.productId))
    .leftJoin(shopMarkdowns, eq(shopMarkdowns.vendorId, products.vendorId))
    .where(inArray(productOptions.id, [...new Set(optionIds)]))
    .orderBy(asc(products.id), asc(productOptions.position));
  const rows = options.lock ? await query.for('update', { of: products }) : await query;
  const shops = await shopCards(
    db,
    rows.map((row) => row.vendorId),
  );
  const tax = await currentTax(db);
  return new Map(
    rows.map((row) => {
      const {
        dealPercent,
        markdownPercent,
        category,
        packLabel,
        netQuantity,
        netUnit,
        ownStock,
        productStock,
        productListed,
        optionListed,
        shopListed: shopSells,
        ...rest
      } = row;
      const shop = shops.get(row.vendorId);
      const sold = bestPrice(row.listPriceCents, dealPercent, markdownPercent);
      const option: CartOption = {
        ...rest,
        ...sold,
        productId: row.id,
        stock: row.draws === null ? (ownStock ?? 0) : Math.floor(productStock / row.draws),
        pool: row.draws === null ? null : productStock,
        pack: packOf({ packLabel, netQuantity, netUnit }),
        listed: productListed && optionListed && shopSells,
        shopName: shop?.name ?? '',
        shopEmail: shop?.email ?? '',
        taxBps: category ? tax.bpsOf(category) : 0,
      };
      return [row.optionId, option];
    }),
  );
}

/** The first listed option of each of these products (the one a product's spec fields describe), by product id. */
export async function firstOptionIds(db: Tx, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([productOptions.productId], { productId: productOptions.productId, id: productOptions.id })
    .from(productOptions)
    .where(sql`${inArray(productOptions.productId, [...new Set(productIds)])} AND ${productOptions.listed}`)
    .orderBy(asc(productOptions.productId), asc(productOptions.position));
  return new Map(rows.map((row) => [row.productId, row.id]));
}

/** A product's pack from its columns: all three set (the table's check), else none. */
export function packOf(row: { packLabel: string | null; netQuantity: number | null; netUnit: string | null }) {
  return row.packLabel !== null && row.netQuantity !== null && row.netUnit !== null && isNetUnit(row.netUnit)
    ? { label: row.packLabel, netQuantity: row.netQuantity, netUnit: row.netUnit }
    : null;
}

/** Locks these products' rows in product id order (the order every writer of stock takes them in). */
async function lockProducts(tx: Tx, productIds: SQL): Promise<void> {
  await tx.execute(sql`SELECT p.id FROM products p WHERE p.id IN (${productIds}) ORDER BY p.id FOR UPDATE OF p`);
}

const stockChanges = z
  .array(z.object({ id: z.string(), before: z.number(), after: z.number(), min_draws: z.number() }))
  .nullable()
  .transform((rows) =>
    (rows ?? []).map((row) => ({ productId: row.id, before: row.before, after: row.after, minDraws: row.min_draws })),
  );
const takeAnswer = z.object({ covered: z.boolean(), products: stockChanges });

/**
 * The products row's copy of its first option's own stock (kept only with several options; mirrors.ts), from the
 * options the statement's `own` step changed.
 */
const FIRST_STOCK_FROM_OWN = sql`first_stock = CASE WHEN p.first_stock IS NOT NULL THEN coalesce(
  (SELECT own.stock FROM own WHERE own.product_id = p.id AND own.listed AND own.position = 1), p.first_stock) END`;

/**
 * Takes an order's options from stock in one statement, inside the caller's transaction: an option with its own stock
 * loses the amount (and its product's sum with it); an option drawing from its product's pool takes amount × draws
 * pool units, all lines of one product at once (a dozen and a half dozen take 18 eggs). Never below zero: when any
 * line cannot be covered this throws 409 and the caller's transaction must roll back (the lines that could be covered
 * were written). Products are locked in id order first (checkout already holds them). Only a product selling out is
 * announced to every server (announcing each sale would empty every catalog cache); a product coming down to its
 * low-stock mark tells its vendor (tellStockChanges).
 */
export async function takeStock(tx: Tx, lines: readonly { optionId: string; amount: number }[]): Promise<void> {
  if (lines.length === 0) return;
  const ids = sql.param(lines.map((line) => line.optionId));
  const amounts = sql.param(lines.map((line) => line.amount));
  await lockProducts(tx, sql`SELECT o.product_id FROM product_options o WHERE o.id = ANY(${ids}::uuid[])`);
  const {
    rows: [answer],
  } = await tx.execute(sql`
    WITH want AS (
      SELECT o.id, o.product_id, o.draws, sum(w.amount)::int AS amount
      FROM unnest(${ids}::uuid[], ${amounts}::int[]) AS w(option_id, amount)
      JOIN product_options o ON o.id = w.option_id AND o.listed
      GROUP BY o.id),
    units AS (SELECT product_id, sum(amount * coalesce(draws, 1))::int AS units FROM want GROUP BY product_id),
    own AS (
      UPDATE product_options o SET stock = o.stock - want.amount FROM want
      WHERE o.id = want.id AND want.draws IS NULL AND o.stock >= want.amount
      RETURNING o.id, o.product_id, o.position, o.listed, o.stock),
    pool AS (
      UPDATE products p SET stock = p.stock - units.units, ${FIRST_STOCK_FROM_OWN}, updated_at = now() FROM units
      WHERE p.id = units.product_id AND p.stock >= units.units
      RETURNING p.id, p.stock + units.units AS before, p.stock AS after, p.min_draws)
    SELECT (SELECT count(*) FROM own) = (SELECT count(*) FROM want WHERE draws IS NULL)
      AND (SELECT count(*) FROM pool) = (SELECT count(*) FROM units)
      AND (SELECT count(*) FROM want) = (SELECT count(DISTINCT x) FROM unnest(${ids}::uuid[]) x) AS covered,
      (SELECT json_agg(pool) FROM pool) AS products`);
  const { covered, products: changes } = takeAnswer.parse(answer);
  if (!covered) throw conflict('A product of this order has not enough units left in stock');
  await announce(tx, changes);
}

/**
 * Puts cancelled order lines back in stock in one statement: an option with its own stock gets the amount back; a
 * pool gets amount × the draws the line took (else the option's). A line from before options (no option) counted
 * product units: it goes back to its product's first option, one pool unit each; a line whose product is gone skips.
 * A product back in stock is announced, and told to the shoppers who favourited it (tellStockChanges).
 */
export async function restock(
  tx: Tx,
  lines: readonly { optionId: string | null; productId: string | null; amount: number; draws?: number | null }[],
): Promise<void> {
  const known = lines.filter((line) => line.optionId !== null || line.productId !== null);
  if (known.length === 0) return;
  const optionIds = sql.param(known.map((line) => line.optionId));
  const productIds = sql.param(known.map((line) => line.productId));
  const amounts = sql.param(known.map((line) => line.amount));
  const draws = sql.param(known.map((line) => line.draws ?? null));
  await lockProducts(
    tx,
    sql`SELECT coalesce(o.product_id, w.product_id) FROM unnest(${optionIds}::uuid[], ${productIds}::uuid[])
      AS w(option_id, product_id) LEFT JOIN product_options o ON o.id = w.option_id`,
  );
  const {
    rows: [answer],
  } = await tx.execute(sql`
    WITH back AS (
      SELECT w.amount, coalesce(w.draws, CASE WHEN w.option_id IS NULL THEN 1 END) AS draws,
        coalesce(w.option_id, (SELECT f.id FROM product_options f
        WHERE f.product_id = w.product_id AND f.listed ORDER BY f.position LIMIT 1)) AS option_id, w.product_id
      FROM unnest(${optionIds}::uuid[], ${productIds}::uuid[], ${amounts}::int[], ${draws}::int[])
        AS w(option_id, product_id, amount, draws)),
    resolved AS (
      SELECT coalesce(o.product_id, back.product_id) AS product_id, o.id AS option_id,
        CASE WHEN o.id IS NOT NULL AND o.draws IS NULL THEN back.amount END AS own_amount,
        CASE WHEN o.id IS NOT NULL AND o.draws IS NULL THEN back.amount
          ELSE back.amount * coalesce(back.draws, o.draws, 1) END AS units
      FROM back LEFT JOIN product_options o ON o.id = back.option_id),
    own AS (
      UPDATE product_options o SET stock = o.stock + r.amount
      FROM (SELECT option_id, sum(own_amount)::int AS amount FROM resolved WHERE own_amount IS NOT NULL
        GROUP BY option_id) r
      WHERE o.id = r.option_id RETURNING o.id, o.product_id, o.position, o.listed, o.stock),
    pool AS (
      UPDATE products p SET stock = p.stock + r.units, ${FIRST_STOCK_FROM_OWN}, updated_at = now()
      FROM (SELECT product_id, sum(units)::int AS units FROM resolved WHERE product_id IS NOT NULL
        GROUP BY product_id) r
      WHERE p.id = r.product_id
      RETURNING p.id, p.stock - r.units AS before, p.stock AS after, p.min_draws)
    SELECT (SELECT json_agg(pool) FROM pool) AS products, (SELECT count(*) FROM own) AS own`);
  await announce(tx, stockChanges.parse((answer as { products: unknown }).products));
}

/** A product selling out or back in stock is announced to every server; the vendor and fans hear what concerns them. */
async function announce(tx: Tx, changes: readonly StockChange[]): Promise<void> {
  const crossed = changes.some((c) => c.before >= (c.minDraws ?? 1) !== c.after >= (c.minDraws ?? 1));
  if (crossed) await notifyCatalogChanged(tx);
  await tellStockChanges(tx, changes);
}
