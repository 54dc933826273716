import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { UNITS } from '#contract/categories.ts';
import { ALLERGENS, LABELS, namesOf } from '#contract/food-facts.ts';
import { centsToDollars } from '#contract/money.ts';
import type { Product } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { timestampColumn } from '../../db/rows.ts';
import { shopCardsRelation } from '../shops/index.ts';

/** The columns every product read selects (alias p) with its vendor's shop (joined by SHOP_CARD_JOIN). */
export const PRODUCT_COLUMNS = sql`
  p.id, p.vendor_id, p.name, p.image_url, p.category, p.details, p.production_cost_cents, p.profit_margin_bp,
  p.price_cents, p.sold_by_weight, p.grams_per_piece, p.stock, p.unit, p.manufactured_on, p.expires_on, p.popularity, p.created_at,
  p.created_at::text AS created_at_key, p.allergens, p.labels, p.ingredients, (p.expires_on < ${BUSINESS_TODAY}) AS expired,
  shop_card.name AS shop_name, shop_card.image AS shop_image, shop_card.address AS shop_address,
  shop_card.email AS shop_email, coalesce(shop_card.premium, false) AS shop_premium,
  running_deal.discount_percent AS deal_percent, running_deal.ends_at AS deal_ends_at,
  ${dealPriceCents(sql`p.price_cents`, sql`running_deal.discount_percent`)} AS deal_price_cents`;

/** A price in cents with a deal's percent off, rounded to the cent (the price the cart charges while it runs). */
export function dealPriceCents(priceCents: SQL | AnyColumn, percent: SQL): SQL<number> {
  return sql<number>`((${priceCents} * (100 - ${percent}) + 50) / 100)`;
}

/** The deal running on the product `productId`, if any (the one ending first): a relation of one row or none. */
export function runningDealOf(productId: SQL | AnyColumn): SQL {
  return sql`(SELECT rd.id, rd.discount_percent, rd.ends_at FROM deals rd
    WHERE rd.product_id = ${productId} AND rd.ends_at > now() ORDER BY rd.ends_at, rd.id LIMIT 1)`;
}

/**
 * Joins each product `p` to its vendor's shop card (from the shops module) and to its running deal, in the same
 * statement.
 */
export const SHOP_CARD_JOIN = sql`LEFT JOIN ${shopCardsRelation()} shop_card ON shop_card.vendor_id = p.vendor_id
  LEFT JOIN LATERAL ${runningDealOf(sql`p.id`)} running_deal ON true`;

/** The row PRODUCT_COLUMNS select, as every product read parses it. */
export const productRow = z.object({
  id: z.string(),
  vendor_id: z.string(),
  name: z.string(),
  image_url: z.string(),
  category: z.string(),
  details: z.string(),
  production_cost_cents: z.number(),
  profit_margin_bp: z.number(),
  price_cents: z.number(),
  sold_by_weight: z.boolean(),
  grams_per_piece: z.number().nullable(),
  stock: z.number(),
  unit: z.enum(UNITS),
  manufactured_on: z.string(),
  expires_on: z.string(),
  popularity: z.number(),
  created_at: timestampColumn,
  created_at_key: z.string(),
  allergens: z.number(),
  labels: z.number(),
  ingredients: z.string(),
  expired: z.boolean(),
  shop_name: z.string().nullable(),
  shop_image: z.string().nullable(),
  shop_address: z.string().nullable(),
  shop_email: z.string().nullable(),
  shop_premium: z.boolean(),
  deal_percent: z.number().nullable(),
  deal_ends_at: timestampColumn.nullable(),
  deal_price_cents: z.number().nullable(),
});
export type ProductRow = z.infer<typeof productRow>;

/** A database row with its shop as the API shows it (the spec's field names, dollars, percent). */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    email: row.shop_email ?? '',
    productName: row.name,
    productImage: row.image_url,
    productCategory: row.category,
    productDetails: row.details,
    productionCost: centsToDollars(row.production_cost_cents),
    productQuantity: { value: row.stock, unit: row.unit },
    profitMargin: row.profit_margin_bp / 100,
    productPrice: centsToDollars(row.price_cents),
    productManufacturingDate: row.manufactured_on,
    productExpireDate: row.expires_on,
    createdAt: row.created_at.toISOString(),
    shopAddress: row.shop_address ?? '',
    shopImage: row.shop_image ?? '',
    shopName: row.shop_name ?? '',
    popularity: row.popularity,
    shopId: row.vendor_id,
    expired: row.expired,
    shopPremium: row.shop_premium,
    deal:
      row.deal_percent !== null && row.deal_ends_at !== null && row.deal_price_cents !== null
        ? {
            discountPercent: row.deal_percent,
            price: centsToDollars(row.deal_price_cents),
            endsAt: row.deal_ends_at.toISOString(),
          }
        : null,
    soldByWeight: row.sold_by_weight,
    gramsPerPiece: row.grams_per_piece,
    allergens: namesOf(ALLERGENS, row.allergens),
    labels: namesOf(LABELS, row.labels),
    ingredients: row.ingredients,
  };
}
