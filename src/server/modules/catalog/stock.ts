import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { bestPrice, type PriceSaving } from '#contract/markdowns.ts';
import { isNetUnit, type Pack, type Unit } from '#contract/units.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { notifyCatalogChanged } from '../../db/change-feed.ts';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import { shopCards } from '../shops/index.ts';
import { currentTax } from '../tax/index.ts';
import { markdownPercentToday, runningDealOf } from './product-rows.ts';
import { type StockChange, tellStockChanges } from './stock-notices.ts';
import { products, shopMarkdowns } from './tables.ts';

/** A product as a cart line or an order line needs it, as it is right now. */
export type CartProduct = {
  id: string;
  name: string;
  image: string;
  /** What the cart charges (per kg when sold by weight): the price less the better of its deal and markdown. */
  priceCents: number;
  /** The product's own price, before any deal or markdown. */
  listPriceCents: number;
  /** The deal or near-expiry markdown in priceCents, or null. */
  saving: PriceSaving | null;
  soldByWeight: boolean;
  gramsPerPiece: number | null;
  stock: number;
  unit: Unit;
  /** The named pack one unit is (unit `pack`), else null (decision 053). */
  pack: Pack | null;
  listed: boolean;
  expired: boolean;
  vendorId: string;
  shopName: string;
  shopEmail: string;
  /** The tax rate of its category now, in basis points (decision 028). */
  taxBps: number;
};

/**
 * The products of these ids (listed or not) with their shop, by id, each priced as the cart charges it: with the
 * better of its running deal and its near-expiry markdown of today (bestPrice), if any. With `lock`, their rows are locked FOR UPDATE in product id order, so two
 * checkouts or adds sharing products lock them in the same order and cannot deadlock; the lock is held until the
 * caller's transaction ends.
 */
export async function productsForCart(
  db: Tx,
  ids: readonly string[],
  options: { lock?: boolean } = {},
): Promise<Map<string, CartProduct>> {
  if (ids.length === 0) return new Map();
  const query = db
    .select({
      id: products.id,
      name: products.name,
      image: products.imageUrl,
      listPriceCents: products.priceCents,
      dealPercent: sql<number | null>`(SELECT running_deal.discount_percent
        FROM ${runningDealOf(products.id)} running_deal)`,
      markdownPercent: markdownPercentToday(
        { expiresOn: products.expiresOn, percent: products.markdownPercent, days: products.markdownDays },
        { percent: shopMarkdowns.percent, days: shopMarkdowns.days },
      ),
      soldByWeight: products.soldByWeight,
      gramsPerPiece: products.gramsPerPiece,
      stock: products.stock,
      unit: products.unit,
      packLabel: products.packLabel,
      netQuantity: products.netQuantity,
      netUnit: products.netUnit,
      listed: products.listed,
      expired: sql<boolean>`${products.expiresOn} < ${BUSINESS_TODAY}`,
      vendorId: products.vendorId,
      category: products.category,
    })
    .from(products)
    .leftJoin(shopMarkdowns, eq(shopMarkdowns.vendorId, products.vendorId))
    .where(inArray(products.id, [...new Set(ids)]))
    .orderBy(asc(products.id));
  const rows = options.lock ? await query.for('update', { of: products }) : await query;
  const shops = await shopCards(
    db,
    rows.map((row) => row.vendorId),
  );
  const tax = await currentTax(db);
  return new Map(
    rows.map(({ dealPercent, markdownPercent, category, packLabel, netQuantity, netUnit, ...row }) => {
      const shop = shops.get(row.vendorId);
      const sold = bestPrice(row.listPriceCents, dealPercent, markdownPercent);
      const taxBps = category ? tax.bpsOf(category) : 0;
      const pack = packOf({ packLabel, netQuantity, netUnit });
      return [row.id, { ...row, ...sold, pack, shopName: shop?.name ?? '', shopEmail: shop?.email ?? '', taxBps }];
    }),
  );
}

/** A product's pack from its columns: all three set (the table's check), else none. */
export function packOf(row: { packLabel: string | null; netQuantity: number | null; netUnit: string | null }) {
  return row.packLabel !== null && row.netQuantity !== null && row.netUnit !== null && isNetUnit(row.netUnit)
    ? { label: row.packLabel, netQuantity: row.netQuantity, netUnit: row.netUnit }
    : null;
}

type StockLine = { productId: string; amount: number };

/** Lines of one product each, in product id order (the order every writer of stock locks rows in). */
function inLockOrder<L extends { productId: string | null }>(lines: readonly L[]): (L & { productId: string })[] {
  return lines
    .filter((line): line is L & { productId: string } => line.productId !== null)
    .toSorted((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
}

/**
 * Takes the units of an order from stock, in product id order, inside the caller's transaction. Never below
 * zero: a line the stock cannot cover throws 409 (the caller's transaction then rolls back every line).
 * Only a product selling out is announced to every server: announcing each order would empty every server's
 * catalog cache (and move catalog reads off the replica) at every sale; a count of units left may lag by the
 * cache's second, and checkout never sells what is not there. A product coming down to its low-stock mark tells its
 * vendor (tellStockChanges).
 */
export async function takeStock(tx: Tx, lines: readonly StockLine[]): Promise<void> {
  let soldOut = false;
  const changes: StockChange[] = [];
  for (const line of inLockOrder(lines)) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.amount}`, updatedAt: new Date() })
      .where(and(eq(products.id, line.productId), gte(products.stock, line.amount)))
      .returning({ left: products.stock });
    if (taken.length === 0) throw conflict('A product of this order has not enough units left in stock');
    soldOut ||= taken[0].left === 0;
    changes.push({ productId: line.productId, before: taken[0].left + line.amount, after: taken[0].left });
  }
  if (soldOut) await notifyCatalogChanged(tx);
  await tellStockChanges(tx, changes);
}

/**
 * Puts the units of cancelled order lines back in stock, in product id order (lines without a product skip); a
 * product back from sold out is announced, and told to the shoppers who favourited it (tellStockChanges).
 */
export async function restock(tx: Tx, lines: readonly { productId: string | null; amount: number }[]): Promise<void> {
  let backInStock = false;
  const changes: StockChange[] = [];
  for (const line of inLockOrder(lines)) {
    const restocked = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.amount}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId))
      .returning({ now: products.stock });
    if (!restocked[0]) continue;
    backInStock ||= restocked[0].now === line.amount;
    changes.push({ productId: line.productId, before: restocked[0].now - line.amount, after: restocked[0].now });
  }
  if (backInStock) await notifyCatalogChanged(tx);
  await tellStockChanges(tx, changes);
}
