import { type AnyColumn, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ALLERGENS, LABELS, namesOf } from '#contract/food-facts.ts';
import { bestPrice, percentOffCents } from '#contract/markdowns.ts';
import { centsToDollars, marginFromPrice } from '#contract/money.ts';
import type { CardProduct, Product, ProductOption, VendorProduct, VendorProductOption } from '#contract/products.ts';
import { isNetUnit, type Pack, UNITS } from '#contract/units.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';
import { timestampColumn } from '../../db/rows.ts';
import { shopCardsRelation } from '../shops/index.ts';
import { products } from './tables.ts';

/** A product's own markdown rule (alias p) and its shop's (alias shop_markdown), as markdownPercentToday reads them. */
type RuleColumns = { expiresOn: SQL | AnyColumn; percent: SQL | AnyColumn; days: SQL | AnyColumn };
const PRODUCT_RULE = { expiresOn: sql`p.expires_on`, percent: sql`p.markdown_percent`, days: sql`p.markdown_days` };
const SHOP_RULE = { percent: sql`shop_markdown.percent`, days: sql`shop_markdown.days` };

/**
 * The percent of the near-expiry markdown a product sells at today, or null: its own rule, else its shop's, applies
 * in the last `days` days it can be sold, its expiry date included (decision 021).
 */
export function markdownPercentToday(product: RuleColumns, shop: Omit<RuleColumns, 'expiresOn'>): SQL<number | null> {
  return sql<number | null>`(CASE WHEN ${product.expiresOn} >= ${BUSINESS_TODAY}
    AND ${product.expiresOn} - ${BUSINESS_TODAY} < coalesce(${product.days}, ${shop.days})
    THEN coalesce(${product.percent}, ${shop.percent}) END)::int`;
}

/** The markdown percent of each product p today (its rule or its shop's, joined by SHOP_MARKDOWN_JOIN), or null. */
export const MARKDOWN_PERCENT_TODAY = markdownPercentToday(PRODUCT_RULE, SHOP_RULE);

/**
 * The product's own columns: every column of its table but when it was last changed. A column added to the table is
 * selected, parsed and typed by every product read with nothing more to write (decision 046). Its cost and margin are
 * the vendor's: shoppers' statements never select them (VENDOR_COLUMNS).
 */
const {
  updatedAt: _notRead,
  productionCostCents,
  profitMarginBp,
  sizes: _sizes,
  ...OWN_COLUMNS
} = getTableColumns(products);
const VENDOR_COLUMNS = { productionCostCents, profitMarginBp };
type OwnColumns = typeof OWN_COLUMNS & typeof VENDOR_COLUMNS;

/** A product's own values under their Drizzle names (soldByWeight), typed as Drizzle's select types them. */
type OwnValues = Omit<typeof products.$inferSelect, 'updatedAt' | 'sizes'>;

/** The row of the product's own columns, under their names in SQL (sold_by_weight): what a raw read selects. */
type OwnRow = { [K in keyof OwnValues as OwnColumns[K]['_']['name']]: OwnValues[K] };

/**
 * How a raw read gets a column, as its parser: db.execute gives dates and timestamps as text (timestampColumn makes
 * the instant a Date, as Drizzle's select does), numbers, booleans and text as they are.
 */
function columnParser(column: OwnColumns[keyof OwnColumns]): z.ZodType {
  const value =
    column.dataType === 'boolean'
      ? z.boolean()
      : column.dataType === 'number'
        ? z.number()
        : column.dataType === 'date'
          ? timestampColumn
          : column.dataType === 'string'
            ? column.enumValues?.length
              ? z.enum(column.enumValues as [string, ...string[]])
              : z.string()
            : null;
  if (!value) throw new Error(`products.${column.name}: no parser for a ${column.dataType} column`);
  return column.notNull ? value : value.nullable();
}

/** The parsers of some of the product's own columns, one per column, keyed by its name in SQL. */
const rowShape = <C extends Partial<OwnColumns>>(columns: C) =>
  Object.fromEntries(Object.values(columns).map((column) => [column.name, columnParser(column)])) as {
    [K in keyof C as C[K] extends { _: { name: infer N extends string } } ? N : never]-?: z.ZodType<
      OwnRow[C[K] extends { _: { name: infer N extends keyof OwnRow } } ? N : never]
    >;
  };

const columnList = (columns: Partial<OwnColumns>) =>
  Object.values(columns)
    .map((column) => `p.${column.name}`)
    .join(', ');

/**
 * The columns every shopper's card of a product selects (alias p): the product's own but its cost and margin
 * (derived from the table), with its vendor's shop, running deal and markdown today (joined by SHOP_CARD_JOIN). What
 * it shows of the sizes is on the row (`sizes`, `first_stock`): cards read no options (decision 052).
 */
export const PRODUCT_COLUMNS = sql`${sql.raw(columnList(OWN_COLUMNS))}, p.sizes,
  p.created_at::text AS created_at_key, (p.expires_on < ${BUSINESS_TODAY}) AS expired,
  shop_card.name AS shop_name, shop_card.image AS shop_image, shop_card.address AS shop_address,
  coalesce(shop_card.premium, false) AS shop_premium,
  running_deal.discount_percent AS deal_percent, running_deal.ends_at AS deal_ends_at,
  ${MARKDOWN_PERCENT_TODAY} AS markdown_percent_today`;

/** A card's columns with the product's listed options (joined by PRODUCT_PAGE_JOIN): the product page's read. */
export const PRODUCT_PAGE_COLUMNS = sql`${PRODUCT_COLUMNS}, opts.options`;

/** The product page's with what only the product's vendor and an admin read: its cost, margin and the vendor's e-mail. */
export const VENDOR_PRODUCT_COLUMNS = sql`${PRODUCT_PAGE_COLUMNS}, ${sql.raw(columnList(VENDOR_COLUMNS))},
  shop_card.email AS shop_email`;

/** The shop's markdown rule of each product p (alias shop_markdown), a join in the same statement. */
export const SHOP_MARKDOWN_JOIN = sql`LEFT JOIN shop_markdowns shop_markdown ON shop_markdown.vendor_id = p.vendor_id`;

/** The deal running on the product `productId`, if any (the one ending first): a relation of one row or none. */
export function runningDealOf(productId: SQL | AnyColumn): SQL {
  return sql`(SELECT rd.id, rd.discount_percent, rd.ends_at FROM deals rd
    WHERE rd.product_id = ${productId} AND rd.ends_at > now() ORDER BY rd.ends_at, rd.id LIMIT 1)`;
}

/** What shoppers read of an option, in the order of shopperOption's tuple. */
const SHOPPER_OPTION_FIELDS = sql`o.id, o.label, o.price_cents, o.sku, o.gtin, o.unit, o.pack_label, o.net_quantity,
  o.net_unit, o.sold_by_weight, o.grams_per_piece, CASE WHEN o.draws IS NULL THEN o.stock ELSE p.stock / o.draws END,
  o.draws`;

/**
 * The listed options of each product p (decision 052), first first, as one JSON array (null when it has none): an
 * index scan of product_options_position_key per product row, so a page reads its own rows' options only, already
 * in their order (json_agg's own ORDER BY would sort each product's options again). `available` is how many a
 * shopper can buy now: the option's own stock, or the product's pool divided by its draws. Each option is an array
 * in the order of its tuple below, not an object: key names were 60 % of the options' text, which every read sends,
 * parses and checks; shoppers' reads leave out the vendor's fields (docs/performance.md, "Options").
 */
const optionsOfProduct = (fields: SQL) => sql`LEFT JOIN LATERAL (SELECT json_agg(listed.option) AS options
  FROM (SELECT json_build_array(${fields}) AS option FROM product_options o
    WHERE o.product_id = p.id AND o.listed ORDER BY o.position) listed) opts ON true`;

/** Joins each product p to its shop card, running deal and shop's markdown rule, in the same statement. */
const SHOP_DEAL_MARKDOWN_JOIN = sql`LEFT JOIN ${shopCardsRelation()} shop_card ON shop_card.vendor_id = p.vendor_id
  LEFT JOIN LATERAL ${runningDealOf(sql`p.id`)} running_deal ON true ${SHOP_MARKDOWN_JOIN}`;

/**
 * Joins each product `p` to its vendor's shop card (from the shops module), to its running deal and to its shop's
 * markdown rule, in the same statement.
 */
export const SHOP_CARD_JOIN = SHOP_DEAL_MARKDOWN_JOIN;

/** SHOP_CARD_JOIN with the product's listed options as shoppers read them (opts.options). */
export const PRODUCT_PAGE_JOIN = sql`${SHOP_DEAL_MARKDOWN_JOIN} ${optionsOfProduct(SHOPPER_OPTION_FIELDS)}`;

/** PRODUCT_PAGE_JOIN with the options as their vendor reads them (their own stock, cost and margin too). */
export const VENDOR_SHOP_CARD_JOIN = sql`${SHOP_DEAL_MARKDOWN_JOIN} ${optionsOfProduct(
  sql`${SHOPPER_OPTION_FIELDS}, o.position, o.stock, o.production_cost_cents, o.profit_margin_bp`,
)}`;

/** An option as shoppers read it (money in cents); its position is its place in the product's list. */
const SHOPPER_OPTION_TUPLE = [
  z.string(),
  z.string(),
  z.number(),
  z.string(),
  z.string().nullable(),
  z.enum(UNITS),
  z.string().nullable(),
  z.number().nullable(),
  z.enum(UNITS).nullable(),
  z.boolean(),
  z.number().nullable(),
  z.number(),
  z.number().nullable(),
] as const;

const shopperOption = ([
  id,
  label,
  price_cents,
  sku,
  gtin,
  unit,
  pack_label,
  net_quantity,
  net_unit,
  sold_by_weight,
  grams_per_piece,
  available,
  draws,
]: z.infer<z.ZodTuple<typeof SHOPPER_OPTION_TUPLE>>) => ({
  id,
  label,
  price_cents,
  sku,
  gtin,
  unit,
  pack_label,
  net_quantity,
  net_unit,
  sold_by_weight,
  grams_per_piece,
  available,
  draws,
});
export type OptionRow = ReturnType<typeof shopperOption>;

/** The options of a product as PRODUCT_PAGE_JOIN gives them, first first (none only for a product before options). */
const shopperOptions = z
  .array(z.tuple(SHOPPER_OPTION_TUPLE).transform(shopperOption))
  .nullable()
  .transform((options) => options ?? []);

/** An option as its vendor reads it: the shopper's tuple, then its position, own stock, cost and margin. */
const vendorOptions = z
  .array(
    z
      .tuple([...SHOPPER_OPTION_TUPLE, z.number(), z.number().nullable(), z.number().nullable(), z.number().nullable()])
      .transform((tuple) => {
        const [position, stock, production_cost_cents, profit_margin_bp] = tuple.slice(13) as [
          number,
          number | null,
          number | null,
          number | null,
        ];
        const shopper = shopperOption(tuple.slice(0, 13) as z.infer<z.ZodTuple<typeof SHOPPER_OPTION_TUPLE>>);
        return { ...shopper, position, stock, production_cost_cents, profit_margin_bp };
      }),
  )
  .nullable()
  .transform((options) => options ?? []);
export type VendorOptionRow = z.infer<typeof vendorOptions>[number];

/** What a card shows of a product's several sizes (products.sizes, written by mirrorsOf), or null with one. */
const cardSizes = z
  .object({
    count: z.number(),
    first: z.object({ priceCents: z.number(), draws: z.number().nullable() }),
    from: z.object({
      unit: z.enum(UNITS),
      packLabel: z.string().nullable(),
      netQuantity: z.number().nullable(),
      netUnit: z.enum(UNITS).nullable(),
      soldByWeight: z.boolean(),
      gramsPerPiece: z.number().nullable(),
    }),
  })
  .nullable();

/** The row PRODUCT_COLUMNS select, as every shopper's card read parses it. */
export const productRow = z.object({
  ...rowShape(OWN_COLUMNS),
  sizes: cardSizes,
  created_at_key: z.string(),
  expired: z.boolean(),
  shop_name: z.string().nullable(),
  shop_image: z.string().nullable(),
  shop_address: z.string().nullable(),
  shop_premium: z.boolean(),
  deal_percent: z.number().nullable(),
  deal_ends_at: timestampColumn.nullable(),
  markdown_percent_today: z.number().nullable(),
  /** Selected only when the request names the shopper's place (null when the origin is unknown). */
  distance_km: z.number().nullable().optional(),
});
export type ProductRow = z.infer<typeof productRow>;

/** The row PRODUCT_PAGE_COLUMNS select: a card's with its listed options, first first. */
export const productPageRow = productRow.extend({ options: shopperOptions });
export type ProductPageRow = z.infer<typeof productPageRow>;

/** The row VENDOR_PRODUCT_COLUMNS select (with VENDOR_SHOP_CARD_JOIN), as the vendor's reads parse it. */
export const vendorProductRow = productPageRow.extend({
  ...rowShape(VENDOR_COLUMNS),
  shop_email: z.string().nullable(),
  options: vendorOptions,
});
export type VendorProductRow = z.infer<typeof vendorProductRow>;

/** What the spec's fields of a product say of its first option (the mirrors of its row, or the option itself). */
type FirstFacts = Pick<
  OptionRow,
  | 'price_cents'
  | 'available'
  | 'unit'
  | 'pack_label'
  | 'net_quantity'
  | 'net_unit'
  | 'sold_by_weight'
  | 'grams_per_piece'
>;

/**
 * A database row with its shop as shoppers read it (the spec's field names, dollars), in the order of the contract's
 * product schema, the spec's fields from its first option: no cost, margin or vendor's e-mail (decision 050; the
 * vendor's own reads use toVendorProduct). Written out, not looped over the schema: a loop making the fields by name
 * took twice as long per row (decision 046); tsc holds it to the contract's card, whose excess fields it refuses.
 */
function productFields(row: ProductRow, first: FirstFacts): Omit<CardProduct, 'sizes'> {
  const sold = bestPrice(first.price_cents, row.deal_percent, row.markdown_percent_today);
  return {
    _id: row.id,
    productName: row.name,
    productImage: row.image_url,
    productCategory: row.category,
    productDetails: row.details,
    productQuantity: { value: first.available, unit: first.unit },
    productPrice: centsToDollars(first.price_cents),
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
      row.deal_percent !== null && row.deal_ends_at !== null
        ? {
            discountPercent: row.deal_percent,
            price: centsToDollars(percentOffCents(first.price_cents, row.deal_percent)),
            endsAt: row.deal_ends_at.toISOString(),
          }
        : null,
    markdown:
      sold.saving?.kind === 'markdown'
        ? { discountPercent: sold.saving.percent, price: centsToDollars(sold.priceCents), useBy: row.expires_on }
        : null,
    markdownRule:
      row.markdown_percent !== null && row.markdown_days !== null
        ? { percent: row.markdown_percent, days: row.markdown_days }
        : null,
    pack: packOf(first),
    pieceName: row.piece_name,
    soldByWeight: first.sold_by_weight,
    gramsPerPiece: first.grams_per_piece,
    allergens: namesOf(ALLERGENS, row.allergens),
    labels: namesOf(LABELS, row.labels),
    ingredients: row.ingredients,
    origin: originOf(row),
    ...(typeof row.distance_km === 'number' ? { distanceKm: row.distance_km } : {}),
  };
}

/**
 * A product's card as shoppers read it (every list: listings, search, deals, favourites): the spec's fields and what
 * it shows of its sizes, all from its own row (decision 052: cards read no options).
 */
export function toProductCard(row: ProductRow): CardProduct {
  const from = row.sizes?.from;
  const fromOption = from
    ? {
        price_cents: row.price_cents,
        unit: from.unit,
        pack_label: from.packLabel,
        net_quantity: from.netQuantity,
        net_unit: from.netUnit,
        sold_by_weight: from.soldByWeight,
        grams_per_piece: from.gramsPerPiece,
      }
    : row;
  const sold = bestPrice(row.price_cents, row.deal_percent, row.markdown_percent_today);
  return {
    ...productFields(row, firstOfRow(row)),
    sizes: {
      count: row.sizes?.count ?? 1,
      from: {
        price: centsToDollars(row.price_cents),
        salePrice: sold.saving ? centsToDollars(sold.priceCents) : null,
        unit: fromOption.unit,
        pack: packOf(fromOption),
        soldByWeight: fromOption.sold_by_weight,
        gramsPerPiece: fromOption.grams_per_piece,
      },
      inStock: row.stock >= row.min_draws,
    },
  };
}

/** The product as its page reads it: the spec's fields from its first option, and every listed option. */
export function toProduct(row: ProductPageRow): Product {
  return {
    ...productFields(row, row.options[0] ?? firstOfRow(row)),
    options: row.options.map((option, index) => toOption(row, option, index + 1)),
  };
}

/** A named pack (all three columns set), else null. */
function packOf(row: Pick<OptionRow, 'pack_label' | 'net_quantity' | 'net_unit'>): Pack | null {
  return row.pack_label !== null && row.net_quantity !== null && row.net_unit !== null && isNetUnit(row.net_unit)
    ? { label: row.pack_label, netQuantity: row.net_quantity, netUnit: row.net_unit }
    : null;
}

/**
 * The product's first listed option as its row's mirrors say (mirrors.ts): with several sizes, the first's price and
 * draws from `sizes` and its own stock from `first_stock`; with one, the row's price, and its stock over the draws.
 */
function firstOfRow(row: ProductRow): FirstFacts {
  const first = row.sizes?.first;
  const available = !first
    ? Math.floor(row.stock / row.min_draws)
    : first.draws === null
      ? (row.first_stock ?? 0)
      : Math.floor(row.stock / first.draws);
  return {
    price_cents: first?.priceCents ?? row.price_cents,
    available,
    unit: row.unit,
    pack_label: row.pack_label,
    net_quantity: row.net_quantity,
    net_unit: row.net_unit,
    sold_by_weight: row.sold_by_weight,
    grams_per_piece: row.grams_per_piece,
  };
}

/**
 * The product's first option; for a product row without options (written before them), the option its own
 * columns describe, drawing 1 from its stock, as migration 0055 makes it.
 */
function firstOption(row: ProductPageRow): OptionRow {
  return (
    row.options[0] ?? {
      ...firstOfRow(row),
      id: row.id,
      label: '',
      sku: '',
      gtin: null,
      draws: 1,
    }
  );
}

/** The vendor's first option, or the one its product's own columns describe (firstOption). */
function firstVendorOption(row: VendorProductRow): VendorOptionRow {
  return (
    row.options[0] ?? {
      ...firstOption(row),
      position: 1,
      stock: null,
      production_cost_cents: row.production_cost_cents,
      profit_margin_bp: row.profit_margin_bp,
    }
  );
}

/**
 * An option as shoppers read it at `position` (1 for the first): its price today with the product's deal or
 * markdown percent (null when none).
 */
function toOption(row: ProductPageRow, option: OptionRow, position: number): ProductOption {
  const sold = bestPrice(option.price_cents, row.deal_percent, row.markdown_percent_today);
  return {
    _id: option.id,
    label: option.label,
    price: centsToDollars(option.price_cents),
    salePrice: sold.saving ? centsToDollars(sold.priceCents) : null,
    sku: option.sku,
    gtin: option.gtin,
    unit: option.unit,
    pack: packOf(option),
    soldByWeight: option.sold_by_weight,
    gramsPerPiece: option.grams_per_piece,
    position,
    available: option.available,
    draws: option.draws,
  };
}

/**
 * The margin a vendor reads: the one given with the cost, else derived from the typed price and the cost, else null
 * (no cost, or a cost of 0).
 */
export function marginOf(row: Pick<VendorOptionRow, 'price_cents' | 'production_cost_cents' | 'profit_margin_bp'>) {
  return row.profit_margin_bp === null
    ? marginFromPrice(row.price_cents, row.production_cost_cents)
    : row.profit_margin_bp / 100;
}

/**
 * The product as its own vendor (or an admin) reads it: toProduct's fields with the vendor's e-mail, cost, margin and
 * how the price was set. The response schema puts them in the spec's order.
 */
export function toVendorProduct(row: VendorProductRow): VendorProduct {
  const first = firstVendorOption(row);
  const stockShared = row.options.some((option) => option.draws !== null);
  return {
    ...toProduct(row),
    email: row.shop_email ?? '',
    productionCost: first.production_cost_cents === null ? null : centsToDollars(first.production_cost_cents),
    profitMargin: marginOf(first),
    pricing: first.profit_margin_bp === null ? 'price' : 'costAndMargin',
    options: row.options.map((option) => toVendorOption(row, option)),
    stockShared,
    pool: stockShared ? row.stock : null,
  };
}

/** An option as its vendor reads it: with its cost, margin, how its price was set and its own stock. */
function toVendorOption(row: VendorProductRow, option: VendorOptionRow): VendorProductOption {
  return {
    ...toOption(row, option, option.position),
    productionCost: option.production_cost_cents === null ? null : centsToDollars(option.production_cost_cents),
    profitMargin: marginOf(option),
    pricing: option.profit_margin_bp === null ? 'price' : 'costAndMargin',
    stock: option.stock,
  };
}

/** The farm the vendor named (with its ZIP code), or else the shop; null while neither is on the map. */
function originOf(row: ProductRow): Product['origin'] {
  if (row.origin_latitude === null || row.origin_longitude === null) return null;
  return {
    name: row.origin_name ?? row.shop_name ?? '',
    ...(row.origin_postcode ? { postcode: row.origin_postcode } : {}),
    latitude: row.origin_latitude,
    longitude: row.origin_longitude,
  };
}
