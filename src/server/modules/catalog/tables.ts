import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { UNITS, type Unit } from '#contract/units.ts';
import { createdAt, id, reference, timestamptz } from '../../db/columns.ts';
import { users } from '../users/tables.ts';

export const unitEnum = pgEnum('unit', UNITS);

/** The 12 categories of the spec; `value` is what products reference. */
export const categories = pgTable('categories', {
  id: smallint('id').primaryKey(),
  value: text('value').notNull().unique(),
  label: text('label').notNull(),
  unit: unitEnum('unit').notNull(),
});

/** The `sizes` of a product with several options: see products.sizes. */
export type CardSizes = {
  count: number;
  first: { priceCents: number; draws: number | null };
  from: {
    unit: Unit;
    packLabel: string | null;
    netQuantity: number | null;
    netUnit: Unit | null;
    soldByWeight: boolean;
    gramsPerPiece: number | null;
  };
};

export const products = pgTable(
  'products',
  {
    id: id(),
    vendorId: reference('vendor_id', () => users.id, 'restrict'),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    category: text('category')
      .notNull()
      .references(() => categories.value, { onUpdate: 'cascade' }),
    details: text('details').notNull(),
    /** The vendor's cost; null when they typed the price without one (issue 32). */
    productionCostCents: integer('production_cost_cents'),
    /**
     * Profit margin in hundredths of a percent (12.5% is 1250), when the price was worked out from cost and margin; null
     * when the vendor typed the price (their margin is then derived from price and cost as it is read).
     */
    profitMarginBp: integer('profit_margin_bp'),
    priceCents: integer('price_cents').notNull(),
    /** productQuantity.value of the spec: units in stock. */
    stock: integer('stock').notNull(),
    /** What it is sold by: stock, price and the stepper count these (decision 053); the category's when not chosen. */
    unit: unitEnum('unit').notNull(),
    /** A named pack (unit `pack`): what one is called ("jar", "200 g bag") and what it holds (340 g, 6 pieces). */
    packLabel: text('pack_label'),
    netQuantity: doublePrecision('net_quantity'),
    netUnit: unitEnum('net_unit'),
    /** What one piece is called ("egg", "croissant"): a count's unit price reads "$0.54/egg" (decision 053). */
    pieceName: text('piece_name'),
    manufacturedOn: date('manufactured_on').notNull(),
    expiresOn: date('expires_on').notNull(),
    popularity: integer('popularity').notNull().default(0),
    /**
     * The fewest pool units one option takes (1 with stock per option): in stock means `stock >= min_draws` (decision
     * 052). Like `price_cents` (the lowest listed option's price), `stock` (the shared pool, or the options' sum) and the
     * unit, pack, weight, cost and margin (the first option's), a copy written only by product-service's writeOptions.
     */
    minDraws: smallint('min_draws').notNull().default(1),
    /**
     * What a card shows of a product with several listed options, so that cards read no options (decision 052): how
     * many, the first's price and draws (the spec's fields are the first option's), the cheapest's unit, pack and
     * weight (its price is `price_cents`); null with one option, which the columns here describe. A copy written by
     * writeOptions with the others.
     */
    sizes: json('sizes').$type<CardSizes>(),
    /** The first listed option's own stock, while the product has several options with their own stock; else null. */
    firstStock: integer('first_stock'),
    /** Sold by weight: the price is per kg and the shopper buys pieces of about `gramsPerPiece` grams each. */
    soldByWeight: boolean('sold_by_weight').notNull().default(false),
    gramsPerPiece: integer('grams_per_piece'),
    /** Food facts: bit i set for ALLERGENS[i] / LABELS[i] of src/contract/food-facts.ts (a fixed order). */
    allergens: smallint('allergens').notNull().default(0),
    labels: smallint('labels').notNull().default(0),
    /** The ingredients line as on the label; empty for a single fresh food. */
    ingredients: text('ingredients').notNull().default(''),
    /** The product's own near-expiry markdown: percent off in its last `markdownDays` days (both or neither). */
    markdownPercent: smallint('markdown_percent'),
    markdownDays: smallint('markdown_days'),
    /** The farm the vendor names as the product's origin, with its ZIP code; both null: the shop's place. */
    originName: text('origin_name'),
    originPostcode: text('origin_postcode'),
    /**
     * The product's place: the farm's ZIP code placed on the map, or else its shop's place (a trigger keeps it, also
     * when the shop moves; migration 0028). Null while neither is known.
     */
    originLatitude: doublePrecision('origin_latitude'),
    originLongitude: doublePrecision('origin_longitude'),
    /** False once the vendor deletes it or the vendor's account is deleted; order lines still point here. */
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The sorts' indexes INCLUDE the filters' columns (expiry, labels, allergens, price; migration 0038, which drizzle
    // cannot express): a filtered page picks its ids from the index alone.
    index('products_category_price_idx').on(t.category, t.priceCents, t.id).where(sql`${t.listed}`),
    index('products_category_popularity_idx').on(t.category, t.popularity.desc(), t.id).where(sql`${t.listed}`),
    index('products_popularity_idx').on(t.popularity.desc(), t.id).where(sql`${t.listed}`),
    index('products_created_idx').on(t.createdAt.desc(), t.id).where(sql`${t.listed}`),
    index('products_vendor_idx').on(t.vendorId, t.createdAt),
    // A shop's products, most popular first, and their count from the index alone (migration 0018).
    index('products_vendor_popularity_idx')
      .on(t.vendorId, t.popularity.desc(), t.id, t.expiresOn)
      .where(sql`${t.listed}`),
    // Counting a category's or a shop's offered products ('We found N items') and their filters' counts reads these
    // indexes only, not the table: INCLUDE (labels, allergens, price_cents) in migration 0027 (drizzle has no
    // INCLUDE; decision 024).
    index('products_category_facets_idx').on(t.category, t.expiresOn).where(sql`${t.listed}`),
    index('products_vendor_facets_idx').on(t.vendorId, t.expiresOn).where(sql`${t.listed}`),
    index('products_price_idx').on(t.priceCents, t.id).where(sql`${t.listed}`),
    // The "Last chance" shelf and the products entering their markdown window, soonest expiry first.
    index('products_expiry_idx').on(t.expiresOn, t.id).where(sql`${t.listed}`),
    // Distances from a shopper (earthdistance's point in space: bounding boxes and nearest first; decision 020).
    index('products_origin_earth_idx')
      .using('gist', sql`ll_to_earth(${t.originLatitude}, ${t.originLongitude})`)
      .where(sql`${t.listed} AND ${t.originLatitude} IS NOT NULL`),
    check('products_cost_nonneg', sql`${t.productionCostCents} >= 0`),
    check('products_margin_nonneg', sql`${t.profitMarginBp} >= 0`),
    check('products_price_nonneg', sql`${t.priceCents} >= 0`),
    check(
      'products_origin_whole',
      sql`(${t.originLatitude} IS NULL) = (${t.originLongitude} IS NULL) AND ${t.originLatitude} BETWEEN -90 AND 90 AND ${t.originLongitude} BETWEEN -180 AND 180 AND (${t.originPostcode} IS NULL OR (${t.originName} IS NOT NULL AND ${t.originLatitude} IS NOT NULL))`,
    ),
    check('products_stock_nonneg', sql`${t.stock} >= 0`),
    check('products_popularity_nonneg', sql`${t.popularity} >= 0`),
    check('products_allergens_known', sql`${t.allergens} BETWEEN 0 AND 16383`),
    check('products_labels_known', sql`${t.labels} BETWEEN 0 AND 31`),
    check('products_expiry_after_manufacture', sql`${t.expiresOn} > ${t.manufacturedOn}`),
    check(
      'products_markdown_rule',
      sql`(${t.markdownPercent} IS NULL) = (${t.markdownDays} IS NULL) AND (${t.markdownPercent} IS NULL OR (${t.markdownPercent} BETWEEN 5 AND 90 AND ${t.markdownDays} BETWEEN 1 AND 14))`,
    ),
    check(
      'products_pack_whole',
      sql`(${t.packLabel} IS NULL) = (${t.netQuantity} IS NULL) AND (${t.netQuantity} IS NULL) = (${t.netUnit} IS NULL) AND (${t.netQuantity} IS NULL OR ${t.netQuantity} > 0) AND (${t.packLabel} IS NULL OR char_length(${t.packLabel}) BETWEEN 1 AND 40)`,
    ),
    check('products_piece_name', sql`char_length(${t.pieceName}) BETWEEN 1 AND 30`),
    check(
      'products_weight',
      sql`CASE WHEN ${t.soldByWeight} THEN ${t.gramsPerPiece} BETWEEN 1 AND 100000 ELSE ${t.gramsPerPiece} IS NULL END`,
    ),
  ],
);

/**
 * A size or pack of a product ("Half dozen", "Dozen"; "250 g jar", "500 g jar"), with its own price, SKU and unit
 * (decision 052). Its stock is its own (`stock`) or the product's shared pool, of which one takes `draws` units (a
 * dozen draws 12 eggs): exactly one of the two is set. Never deleted while a line refers to it: removing one unlists
 * it. Every product has at least one listed option while it is listed.
 */
export const productOptions = pgTable(
  'product_options',
  {
    id: id(),
    productId: reference('product_id', () => products.id, 'cascade'),
    vendorId: reference('vendor_id', () => users.id, 'cascade'),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    sku: text('sku').notNull(),
    gtin: text('gtin'),
    /** Per kg when sold by weight (decision 018). */
    priceCents: integer('price_cents').notNull(),
    productionCostCents: integer('production_cost_cents'),
    profitMarginBp: integer('profit_margin_bp'),
    unit: unitEnum('unit').notNull(),
    packLabel: text('pack_label'),
    netQuantity: doublePrecision('net_quantity'),
    netUnit: unitEnum('net_unit'),
    soldByWeight: boolean('sold_by_weight').notNull().default(false),
    gramsPerPiece: integer('grams_per_piece'),
    stock: integer('stock'),
    draws: smallint('draws'),
    listed: boolean('listed').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_options_product_idx').on(t.productId, t.position),
    uniqueIndex('product_options_position_key').on(t.productId, t.position).where(sql`${t.listed}`),
    uniqueIndex('product_options_sku_key').on(t.vendorId, sql`lower(${t.sku})`).where(sql`${t.listed}`),
    check('product_options_label', sql`char_length(${t.label}) BETWEEN 1 AND 60`),
    check('product_options_sku', sql`char_length(${t.sku}) BETWEEN 1 AND 64`),
    check('product_options_gtin', sql`${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    check(
      'product_options_money_nonneg',
      sql`${t.priceCents} >= 0 AND ${t.productionCostCents} >= 0 AND ${t.profitMarginBp} >= 0`,
    ),
    check('product_options_stock_or_draws', sql`(${t.stock} IS NULL) <> (${t.draws} IS NULL)`),
    check('product_options_stock_nonneg', sql`${t.stock} >= 0`),
    check('product_options_draws_range', sql`${t.draws} BETWEEN 1 AND 1000`),
    check(
      'product_options_pack_whole',
      sql`(${t.packLabel} IS NULL) = (${t.netQuantity} IS NULL) AND (${t.netQuantity} IS NULL) = (${t.netUnit} IS NULL) AND (${t.netQuantity} IS NULL OR ${t.netQuantity} > 0) AND (${t.packLabel} IS NULL OR char_length(${t.packLabel}) BETWEEN 1 AND 40)`,
    ),
    check(
      'product_options_weight',
      sql`CASE WHEN ${t.soldByWeight} THEN ${t.gramsPerPiece} BETWEEN 1 AND 100000 ELSE ${t.gramsPerPiece} IS NULL END`,
    ),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One row per word (full-text lexeme without digits) of a listed product's name, walked per word of a search in
 * popularity order: search candidates that stop at their limit (decision 016). Kept by triggers on products in the
 * writing transaction (migration 0019), never written by the app.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    term: text('term').notNull(),
    popularity: integer('popularity').notNull(),
    productId: uuid('product_id').notNull(),
    expiresOn: date('expires_on').notNull(),
    category: text('category').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    /** The name's lexemes: whether the product holds the search's other words, read from the index alone. */
    nameTerms: tsvector('name_terms').notNull(),
  },
  (t) => [
    // INCLUDE (expires_on, category, vendor_id, name_terms) in the migration: drizzle has no INCLUDE.
    uniqueIndex('search_postings_walk_idx').on(t.term, t.popularity.desc(), t.productId),
  ],
);

/**
 * A category's and a shop's filter counts per expiry day: listed products, how many carry each label and each
 * allergen (bit b at index b + 1), and the price range. A first page without filters sums the days not yet past
 * instead of reading the scope's products (decision 033). Kept by triggers on products in the writing transaction
 * (migration 0040), never written by the app.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    scope: text('scope', { enum: ['category', 'shop'] }).notNull(),
    /** The category's value, or the shop's vendor id. */
    scopeKey: text('scope_key').notNull(),
    expiresOn: date('expires_on').notNull(),
    products: integer('products').notNull(),
    withLabel: integer('with_label').array().notNull(),
    withAllergen: integer('with_allergen').array().notNull(),
    minPriceCents: integer('min_price_cents'),
    maxPriceCents: integer('max_price_cents'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.scopeKey, t.expiresOn] })],
);

/** Deals of the day: a product on offer until a real end time. */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    productId: reference('product_id', () => products.id, 'cascade'),
    endsAt: timestamptz('ends_at').notNull(),
    /** The percent the deal takes off the product's price while it runs. */
    discountPercent: integer('discount_percent').notNull().default(20),
    createdAt: createdAt(),
  },
  (t) => [
    index('deals_ends_idx').on(t.endsAt),
    index('deals_product_ends_idx').on(t.productId, t.endsAt),
    check('deals_discount_percent_range', sql`${t.discountPercent} BETWEEN 5 AND 50`),
  ],
);

/** A shop's near-expiry markdown: `percent` off its products without a rule of their own, in their last `days` days. */
export const shopMarkdowns = pgTable(
  'shop_markdowns',
  {
    vendorId: reference('vendor_id', () => users.id, 'cascade').primaryKey(),
    percent: smallint('percent').notNull(),
    days: smallint('days').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('shop_markdowns_rule', sql`${t.percent} BETWEEN 5 AND 90 AND ${t.days} BETWEEN 1 AND 14`)],
);

/** Who raised a product's popularity: a user's first add counts, later adds and removals change nothing. */
export const popularityAdds = pgTable(
  'popularity_adds',
  {
    productId: reference('product_id', () => products.id, 'cascade'),
    userId: reference('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'popularity_adds_pkey', columns: [t.productId, t.userId] })],
);

/** The place a shopper chose to measure distances from (a ZIP code, or the browser's location rounded). */
export const shopperPlaces = pgTable(
  'shopper_places',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    postcode: text('postcode'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('shopper_places_on_earth', sql`${t.latitude} BETWEEN -90 AND 90 AND ${t.longitude} BETWEEN -180 AND 180`),
  ],
);
