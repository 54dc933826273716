import { z } from 'zod';
import { CATEGORY_VALUES, UNITS } from './categories.ts';
import { DISTANCE_UNITS } from './distance-format.ts';
import {
  ALLERGENS,
  type Allergen,
  allergensField,
  LABELS,
  type Label,
  labelConflict,
  labelsField,
  MAX_INGREDIENTS,
  namesParam,
} from './food-facts.ts';
import {
  DAYS_NEEDED,
  markdownRule,
  PERCENT_NEEDED,
  productMarkdown,
  productMarkdownFields,
  ruleDaysGiven,
  rulePercentGiven,
} from './markdowns.ts';
import { dollarsToCents, MAX_PRICE_CENTS, priceFromCost } from './money.ts';
import { packShape } from './pack.ts';
import {
  checkPlaceQuery,
  MAX_KM,
  MAX_MI,
  placeQueryFields,
  productOrigin,
  UNPLACED_ZIP,
  ZIP_CODE,
  ZIP_MESSAGE,
} from './places.ts';
import { reviewSummary } from './reviews.ts';
import { NET_UNITS } from './units.ts';
import { abortWith, REQUIRED, requiredText, uuidField } from './validation.ts';
import { MAX_GRAMS_PER_PIECE } from './weighed.ts';

/** A deal on a product: its percent off, the price the cart charges while it runs (dollars) and its end. */
export const productDeal = z.object({ discountPercent: z.number().int(), price: z.number(), endsAt: z.string() });
export type ProductDeal = z.infer<typeof productDeal>;

/** How a vendor priced a product: a price typed (the cost optional), or the spec's cost and margin. */
export const PRICINGS = ['price', 'costAndMargin'] as const;
export type Pricing = (typeof PRICINGS)[number];

/**
 * A size or pack of a product (decision 052): "Half dozen", "Dozen"; "250 g jar", "500 g jar". The spec's fields of a
 * product (productPrice, productQuantity, pack, soldByWeight, gramsPerPiece) are its first option's.
 */
export const productOption = z
  .object({
    _id: z.string(),
    label: z.string(),
    /** Its own price in dollars, per kg when sold by weight, before any deal or markdown. */
    price: z.number(),
    /** What the cart charges for it today when the product's deal or markdown applies (dollars), else null. */
    salePrice: z.number().nullable(),
    sku: z.string(),
    gtin: z.string().nullable(),
    unit: z.enum(UNITS),
    pack: packShape.nullable(),
    soldByWeight: z.boolean(),
    gramsPerPiece: z.number().int().nullable(),
    /** 1 for the first option; the order shoppers see them in. */
    position: z.number().int(),
    /** How many a shopper can buy now: its own stock, or the product's pool divided by `draws`, rounded down. */
    available: z.number().int(),
    /** Units of the product's shared pool one takes (a dozen draws 12 eggs); null when it has its own stock. */
    draws: z.number().int().nullable(),
  })
  .strict();
export type ProductOption = z.infer<typeof productOption>;

/** An option as its vendor reads it: with its cost, margin and how its price was set, and its own stock. */
export const vendorProductOption = productOption
  .extend({
    productionCost: z.number().nullable(),
    profitMargin: z.number().nullable(),
    pricing: z.enum(PRICINGS),
    /** Its own stock, or null when it draws from the product's pool. */
    stock: z.number().int().nullable(),
  })
  .strict();
export type VendorProductOption = z.infer<typeof vendorProductOption>;

/** The fields a product's own vendor (and an admin) reads and shoppers never do (decision 050). */
const PRIVATE_FIELDS = {
  email: true,
  productionCost: true,
  profitMargin: true,
  pricing: true,
  options: true,
  stockShared: true,
  pool: true,
} as const;

/**
 * A product as its own vendor and an admin read it (the vendor's list, the answers to adding and editing): the spec's
 * fields in the spec's order (money in dollars, margin in percent) plus a few extras. The cost is null when the vendor
 * typed the price without one; the margin is the one given, or derived from a typed price and a cost (null without a
 * cost above 0).
 */
export const vendorProduct = z.object({
  _id: z.string(),
  /** The vendor's e-mail (the vendor's and the admin's reads only). */
  email: z.string(),
  productName: z.string(),
  productImage: z.string(),
  productCategory: z.string(),
  productDetails: z.string(),
  productionCost: z.number().nullable(),
  /**
   * value is the stock, a whole number of the units the product is sold by (decision 053): the spec's `liter`, `kg`
   * and `piece` (each) as before, or `bunch`, `dozen`, `pack`, `g`, `lb`, `oz`, `ml`.
   */
  productQuantity: z.object({ value: z.number().int(), unit: z.enum(UNITS) }),
  profitMargin: z.number().nullable(),
  productPrice: z.number(),
  /** How the vendor set the price: typed (`price`), or worked out from cost and margin (`costAndMargin`). */
  pricing: z.enum(PRICINGS),
  productManufacturingDate: z.string(),
  productExpireDate: z.string(),
  createdAt: z.string(),
  shopAddress: z.string(),
  shopImage: z.string(),
  shopName: z.string(),
  popularity: z.number().int(),
  /** The vendor's id: the shop page is /shopDetails/{shopId}. */
  shopId: z.string(),
  /** True once the expiry date has passed (only the vendor's own list shows such products). */
  expired: z.boolean(),
  /** The shop holds the premium membership: its badge shows on the product's card and the shop page. */
  shopPremium: z.boolean().optional(),
  /** The deal running on the product: its percent off, the price the cart charges (dollars) and when it ends. */
  deal: productDeal.nullable().optional(),
  /**
   * The near-expiry markdown it sells at today, when one applies and beats the deal (decision 021): percent off,
   * the price the cart charges (dollars) and the use-by date.
   */
  markdown: productMarkdown.nullable().optional(),
  /** The product's own markdown rule (a rule of the shop applies when it has none). */
  markdownRule: markdownRule.nullable().optional(),
  /** Sold by a named pack (unit `pack`): what one is called ("jar", "200 g bag") and what it holds; else null. */
  pack: packShape.nullable().optional(),
  /** What one piece is called ("egg"): a count's unit price reads "$0.54/egg"; null: "$0.54 each". */
  pieceName: z.string().nullable().optional(),
  /** Sold by weight: productPrice is per kg, and the shopper buys pieces of about gramsPerPiece grams each. */
  soldByWeight: z.boolean(),
  gramsPerPiece: z.number().int().nullable(),
  /** The major allergens it contains (lowercase names: "milk", "tree nuts"), in the fixed order of ALLERGENS. */
  allergens: z.array(z.enum(ALLERGENS)),
  /** Its dietary labels ("organic", "vegan", …), in the fixed order of LABELS; a vegan product is vegetarian too. */
  labels: z.array(z.enum(LABELS)),
  /** The ingredients line as on the label ("Wheat flour, water, sea salt"); empty for a single fresh food. */
  ingredients: z.string(),
  /** Where it comes from: the farm the vendor named, or its shop's place; null while neither is on the map. */
  origin: productOrigin.nullable(),
  /** How far its origin is from the place the request named (near, or lat and lng), in km; absent without one. */
  distanceKm: z.number().optional(),
  /** Its sizes and packs, first option first (at least one). */
  options: z.array(vendorProductOption).min(1),
  /** The options draw from one pool (productQuantity.value then counts pool units), else each has its own stock. */
  stockShared: z.boolean(),
  /** The shared pool's units (what productQuantity sets when editing with stockShared), or null with own stock. */
  pool: z.number().int().nullable(),
});
export type VendorProduct = z.infer<typeof vendorProduct>;
export const vendorProductList = z.array(vendorProduct);

/**
 * A product as everyone else reads it (every public read, favourites, deals; decision 050): the vendor's product
 * without its cost, margin, pricing and the vendor's e-mail. Strict: an answer carrying any other field fails the
 * response's validation instead of reaching the shopper.
 */
export const product = vendorProduct
  .omit(PRIVATE_FIELDS)
  .extend({ options: z.array(productOption).min(1) })
  .strict();
export type Product = z.infer<typeof product>;

/**
 * What a product's card shows of its sizes (decision 052): how many, the cheapest's price (the "from" price, with
 * its sale price today) and what it buys, and whether any size can be bought now.
 */
export const productSizes = z
  .object({
    count: z.number().int(),
    from: productOption.pick({
      price: true,
      salePrice: true,
      unit: true,
      pack: true,
      soldByWeight: true,
      gramsPerPiece: true,
    }),
    inStock: z.boolean(),
  })
  .strict();
export type ProductSizes = z.infer<typeof productSizes>;

/**
 * A product as a list shows it (listings, search, deals, markdowns, favourites, buy again): the product with what its
 * card shows of its sizes instead of every option, which only its page reads.
 */
export const cardProduct = product.omit({ options: true }).extend({ sizes: productSizes }).strict();
export type CardProduct = z.infer<typeof cardProduct>;
/** A list of products (every list read): their cards. */
export const productList = z.array(cardProduct);

/** GET /singleProduct/:id: the product with what the product page's first screen shows of its reviews. */
export const offeredProduct = product.extend({ reviewSummary: reviewSummary.omit({ productId: true }) });
export type OfferedProduct = z.infer<typeof offeredProduct>;

export const PRODUCT_SORTS = ['popular', 'newest', 'price-asc', 'price-desc', 'relevance', 'nearest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** The sorts of the spec's list calls, which take no place. */
const PLACELESS_SORTS = PRODUCT_SORTS.filter((s) => s !== 'nearest');
export const MAX_PAGE_SIZE = 100;
export { LISTING_COUNT_CAP, totalLabel } from './listing-count.ts';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, abortWith(`At most ${max} characters`))
    .optional()
    .transform((v) => (v === '' ? undefined : v));

/** A price bound of a listing filter, in dollars like the product JSON. */
const priceBound = z.coerce
  .number({ error: 'Enter a price in dollars' })
  .refine(Number.isFinite, 'Enter a price in dollars')
  .pipe(
    z
      .number()
      .min(0, 'Cannot be negative')
      .max(MAX_PRICE_CENTS / 100, 'At most $100,000'),
  )
  .optional();

/**
 * GET /products: every filter is optional; `cursor` is the `nextCursor` of the previous page. `near` (a ZIP code) or
 * `lat` and `lng` name the shopper's place: each product then has its distanceKm, and `sort=nearest` and `maxKm`
 * (products at most that many km away) may be used.
 */
export const productListQuery = z
  .object({
    q: optionalText(100),
    category: z.enum(CATEGORY_VALUES, { error: 'Unknown category' }).optional(),
    /** The vendor's id (a shop). */
    shop: uuidField('Not a shop id').optional(),
    /** Defaults to relevance with `q`, to popular without. */
    sort: z.enum(PRODUCT_SORTS, { error: `sort is one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    cursor: optionalText(400),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    /** Only products with every one of these labels (comma-separated: `vegan,organic`). */
    labels: namesParam(LABELS, 'label'),
    /** Only products free from every one of these allergens (comma-separated: `milk,tree nuts`). */
    freeFrom: namesParam(ALLERGENS, 'allergen'),
    /** Only products priced at least / at most this (dollars, the listed price before any deal). */
    minPrice: priceBound,
    maxPrice: priceBound,
    ...placeQueryFields,
    maxKm: z.coerce
      .number({ error: 'maxKm is a whole number of km' })
      .int('maxKm is a whole number of km')
      .min(1, 'maxKm is at least 1')
      .max(MAX_KM, `maxKm is at most ${MAX_KM}`)
      .optional(),
    /** Products at most this many miles away (instead of maxKm). */
    maxMi: z.coerce
      .number({ error: 'maxMi is a whole number of miles' })
      .int('maxMi is a whole number of miles')
      .min(1, 'maxMi is at least 1')
      .max(MAX_MI, `maxMi is at most ${MAX_MI}`)
      .optional(),
    /** The radii the distance facet counts: 5, 10, 25 and 50 miles (mi), or 10, 25, 50 and 100 km (km, the default). */
    distanceUnit: z.enum(DISTANCE_UNITS, { error: 'distanceUnit is mi or km' }).optional(),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    path: ['minPrice'],
    message: 'The lowest price cannot be above the highest',
  })
  .superRefine(checkPlaceQuery)
  .superRefine((query, context) => {
    const placed = query.near !== undefined || query.lat !== undefined;
    if (!placed && query.sort === 'nearest') {
      context.addIssue({ code: 'custom', message: NEEDS_PLACE, path: ['sort'], input: query.sort });
    }
    if (!placed && query.maxKm !== undefined) {
      context.addIssue({ code: 'custom', message: NEEDS_PLACE, path: ['maxKm'], input: query.maxKm });
    }
    if (!placed && query.maxMi !== undefined) {
      context.addIssue({ code: 'custom', message: NEEDS_PLACE, path: ['maxMi'], input: query.maxMi });
    }
    if (query.maxKm !== undefined && query.maxMi !== undefined) {
      context.addIssue({ code: 'custom', message: 'Send maxKm or maxMi, not both', path: ['maxMi'] });
    }
  });
export const NEEDS_PLACE = 'Set your place first (near=<ZIP code>, or lat and lng)';
export type ProductListQuery = z.input<typeof productListQuery>;

/** How many products an option of a filter leaves: among those matching every active filter and this option. */
export const facetCount = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ value: z.enum(values), count: z.number().int() });

/**
 * The counts beside a listing's first page (its category, shop or search): for each label and each "free from"
 * allergen, how many of the products matching all the active filters would stay with it added; and the lowest and
 * highest price among the products matching every filter but the price range (null when none).
 */
export const productFacets = z.object({
  labels: z.array(facetCount(LABELS)),
  freeFrom: z.array(facetCount(ALLERGENS)),
  price: z.object({ min: z.number(), max: z.number() }).nullable(),
  /**
   * With the shopper's place: for each radius (10, 25, 50, 100 km; with distanceUnit=mi 5, 10, 25, 50 miles, also
   * given in km), how many products would stay with it as maxKm (maxMi).
   */
  distance: z.array(z.object({ km: z.number(), mi: z.number().int().optional(), count: z.number().int() })).optional(),
});
export type ProductFacets = z.infer<typeof productFacets>;

export const productPage = z.object({
  items: productList,
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many products match in all; given on the first page only (null on later pages). */
  total: z.number().int().nullable(),
  /** Present when more than `total` match: the count stops at LISTING_COUNT_CAP (shown as "1,000+"). */
  totalCapped: z.literal(true).optional(),
  /**
   * GET /products: the filters' counts on the first page of a category, a shop or a search; null on later pages and
   * on a listing of the whole catalog.
   */
  facets: productFacets.nullable().optional(),
});
export type ProductPage = z.infer<typeof productPage>;

/** The spec's list calls (/allProducts, /vegetablesProduct, …): an array; the next cursor is in `x-next-cursor`. */
export const legacyListQuery = z.object({
  productCategory: z.enum(CATEGORY_VALUES, { error: 'Unknown category' }).optional(),
  sort: z.enum(PLACELESS_SORTS).optional(),
  cursor: optionalText(400),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

export const popularQuery = z.object({
  category: z.enum(CATEGORY_VALUES, { error: 'Unknown category' }).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export const productIdParams = z.object({ id: uuidField('Not a product id') });
/** GET /singleProduct/:id: the shopper's place, when known, gives the product its distanceKm. */
export const productPlaceQuery = z.object(placeQueryFields).superRefine(checkPlaceQuery);
export const vendorProductsQuery = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .max(254, abortWith('E-mail is too long'))
    .toLowerCase()
    .min(1, 'email is required'),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(10, abortWith('Use a date like 2026-05-31'))
  .regex(DATE, 'Use a date like 2026-05-31')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'Not a real date');

/** Money in dollars with at most two decimals. */
export const dollars = z
  .number({ error: REQUIRED })
  .min(0, 'Cannot be negative')
  .max(MAX_PRICE_CENTS / 100, 'At most $100,000')
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals');

/** The spec's client sends productQuantity as {value, unit}; forms send the number. */
const stockField = z.preprocess(
  (v) => (v && typeof v === 'object' && 'value' in v ? (v as { value: unknown }).value : v),
  z
    .number({ error: REQUIRED })
    .int('Whole units only')
    .min(0, 'Cannot be negative')
    .max(1_000_000, 'At most 1,000,000'),
);

const productFields = {
  productName: requiredText(120, 'At most 120 characters'),
  productDetails: requiredText(5000, 'At most 5000 characters'),
  /**
   * The stock: of the product's one option when `options` is not sent, or the shared pool with `stockShared`; not
   * read when each option has its own stock.
   */
  productQuantity: stockField.optional(),
  /**
   * What it is sold by (decision 053): stock and the shopper's amount count these. Not sent: a new product is sold by
   * its category's unit (the spec's rule), an edited one keeps its own.
   */
  unit: z.enum(UNITS, { error: 'Choose what it is sold by' }).optional(),
  /** A pack (unit `pack`): its name as shoppers read it ("jar", "200 g bag"); ignored for any other unit. */
  packLabel: z
    .string()
    .trim()
    .max(40, abortWith('At most 40 characters'))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /** What one pack holds, in netUnit (340 g, 6 pieces); ignored for any other unit. */
  netQuantity: z
    .number({ error: 'Enter a number' })
    .positive('More than 0')
    .max(100_000, 'At most 100,000')
    .refine((v) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6, 'At most three decimals')
    .nullable()
    .optional(),
  netUnit: z.enum(NET_UNITS, { error: 'Choose the unit of the net quantity' }).nullable().optional(),
  /** What one piece is called, in the singular ("egg", "croissant"); empty: none. Not sent: unchanged. */
  pieceName: z
    .string()
    .trim()
    .max(30, abortWith('At most 30 characters'))
    .regex(/^[\p{L}][\p{L} '-]*$|^$/u, 'Letters only, like egg or croissant')
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  /**
   * How the price is set (issue 32): `price` takes productPrice as typed (productionCost optional, the margin is then
   * derived); `costAndMargin` is the spec's rule, price = cost + cost × margin %. Not sent: the typed price when a
   * price comes without a margin, else the spec's cost and margin (its clients send all three).
   */
  pricing: z.enum(PRICINGS, { error: 'Choose how to set the price' }).optional(),
  /** The selling price, as typed (pricing `price`); ignored when the price is worked out from cost and margin. */
  productPrice: dollars.nullable().optional(),
  /** Required for cost and margin; optional with a typed price (null or not sent: none). */
  productionCost: dollars.nullable().optional(),
  /** Required for cost and margin; ignored with a typed price (derived from it and the cost). */
  profitMargin: z
    .number({ error: REQUIRED })
    .min(0, 'Cannot be negative')
    .max(1000, 'At most 1000%')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals')
    .nullable()
    .optional(),
  productManufacturingDate: dateField,
  productExpireDate: dateField,
  productImage: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(500, abortWith('Upload a picture'))
    .regex(/^(\/uploads\/|https:\/\/)\S+$/, 'Upload a picture'),
  /**
   * Sold by weight: cost and price are per kg; the estimated weight of one piece is then required. Not sent: a new
   * product is not sold by weight, an edited one stays as it was.
   */
  soldByWeight: z.boolean({ error: 'Sold by weight is yes or no' }).optional(),
  gramsPerPiece: z
    .number({ error: 'Enter the weight in grams' })
    .int('Whole grams only')
    .min(1, 'At least 1 g')
    .max(MAX_GRAMS_PER_PIECE, 'At most 100,000 g')
    .nullable()
    .optional(),
  /** Not sent: a new product has none, an edited one keeps its own (as do labels and ingredients). */
  allergens: allergensField.optional(),
  labels: labelsField.optional(),
  ingredients: z
    .string()
    .trim()
    .max(MAX_INGREDIENTS, abortWith(`At most ${MAX_INGREDIENTS} characters`))
    .optional(),
  ...productMarkdownFields,
  /**
   * The farm the product comes from, with its ZIP code (placed on the map by the server); both empty: the shop's
   * place. Not sent: a new product comes from its shop, an edited one keeps its origin.
   */
  originName: z
    .string()
    .trim()
    .max(120, abortWith('At most 120 characters'))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v)),
  originPostcode: z
    .string()
    .trim()
    .max(10, abortWith(ZIP_MESSAGE))
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => !v || ZIP_CODE.test(v), ZIP_MESSAGE),
};

const FARM_NAME = 'Name the farm, or leave both empty for your shop';
const FARM_ZIP = "Enter the farm's ZIP code, or leave both empty for your shop";
const originWhole = (v: { originName?: string | null; originPostcode?: string | null }) =>
  !v.originPostcode || !!v.originName;
const originPlaced = (v: { originName?: string | null; originPostcode?: string | null }) =>
  !v.originName || !!v.originPostcode;

export { UNPLACED_ZIP };

/** A label its allergens contradict is refused on the labels field ("A vegan product cannot contain milk"). */
function labelsAllowed(v: { labels?: Label[]; allergens?: Allergen[] }, ctx: z.RefinementCtx) {
  const message = labelConflict(v.labels ?? [], v.allergens ?? []);
  if (message) ctx.addIssue({ code: 'custom', path: ['labels'], message });
}

export const PACK_LABEL_NEEDED = 'Name the pack (jar, 200 g bag, box of 6)';
export const NET_QUANTITY_NEEDED = 'Enter what one pack holds (340 g, 6 pieces)';
type PackFields = { unit?: string; packLabel?: string | null; netQuantity?: number | null; netUnit?: string | null };
const packLabelGiven = (v: PackFields) => v.unit !== 'pack' || !!v.packLabel;
const netQuantityGiven = (v: PackFields) => v.unit !== 'pack' || typeof v.netQuantity === 'number';
const netUnitGiven = (v: PackFields) => v.unit !== 'pack' || typeof v.netUnit === 'string';

const WEIGHT_PER_PIECE = 'Enter the estimated weight of one piece';
const weightPerPieceGiven = (v: { soldByWeight?: boolean; gramsPerPiece?: number | null }) =>
  !v.soldByWeight || typeof v.gramsPerPiece === 'number';

const EXPIRY_AFTER_MANUFACTURE = 'Expire Date must be after the Manufacturing Date';
const expiryAfterManufacture = (v: { productManufacturingDate: string; productExpireDate: string }) =>
  v.productExpireDate > v.productManufacturingDate;

export const PRICE_TOO_HIGH = 'The price (cost plus margin) can be at most $100,000';
type PricingFields = {
  pricing?: Pricing;
  productPrice?: number | null;
  productionCost?: number | null;
  profitMargin?: number | null;
};
/** How a product input sets its price: as it says, else as typed when a price comes without a margin, else the spec's. */
export const pricingOf = (v: PricingFields): Pricing =>
  v.pricing ?? (typeof v.productPrice === 'number' && typeof v.profitMargin !== 'number' ? 'price' : 'costAndMargin');
const byCost = (v: PricingFields) => pricingOf(v) === 'costAndMargin';
const costGiven = (v: PricingFields) => !byCost(v) || typeof v.productionCost === 'number';
const marginGiven = (v: PricingFields) => !byCost(v) || typeof v.profitMargin === 'number';
const priceGiven = (v: PricingFields) => byCost(v) || typeof v.productPrice === 'number';
/**
 * A rule checked even when other fields have failed (zod skips a refinement of an object with issues otherwise), as
 * long as the body is an object at all: a body of `null` or a number has only the one message.
 */
const always = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;
/** The selling price the server will compute stays within the cap (checked once cost and margin are each valid). */
const priceWithinCap = (v: PricingFields) =>
  !byCost(v) ||
  typeof v.productionCost !== 'number' ||
  typeof v.profitMargin !== 'number' ||
  !(v.productionCost <= MAX_PRICE_CENTS / 100 && v.profitMargin <= 1000) ||
  priceFromCost(dollarsToCents(v.productionCost), Math.round(v.profitMargin * 100)) <= MAX_PRICE_CENTS;

/** At most this many sizes a product (the owner's ruling; decision 052). */
export const MAX_OPTIONS = 10;
export const OPTIONS_TOO_MANY = `At most ${MAX_OPTIONS} sizes`;
export const OPTION_DRAWS_NEEDED = 'How many units of the shared stock one takes';
export const OPTION_WEIGHT_MIX = 'Sell every size by weight, or none';
export const OPTION_LABEL_TAKEN = 'Each size needs its own name';
export const OPTION_SKU_TWICE = 'Each size needs its own SKU';
export const SKU_TAKEN = 'SKU already used in your shop';
export const GTIN_MESSAGE = '8, 12, 13 or 14 digits';
const GTIN = /^(\d{8}|\d{12,14})$/;

/**
 * A size or pack of a product as its vendor sends it (decision 052): `_id` edits that option, none adds one; the
 * price, pack and weight fields obey the product's rules, each option for itself. Not sent on an existing option:
 * its SKU, barcode, unit and pack, and whether it is sold by weight stay as they are; a new one takes a generated SKU,
 * the category's unit (when listing; the first option's when editing), and is not sold by weight.
 */
export const optionInput = z
  .object({
    _id: uuidField('Not a size of this product').optional(),
    /** What shoppers choose: "Half dozen", "Dozen", "250 g jar". */
    label: requiredText(60, 'At most 60 characters'),
    /** The shop's own code, unique in the shop among listed sizes; blank: one is made ("P-…"). */
    sku: z
      .string()
      .trim()
      .max(64, abortWith('At most 64 characters'))
      .nullable()
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** The barcode (EAN-8, UPC-A, EAN-13, GTIN-14), or blank. */
    gtin: z
      .string()
      .trim()
      .max(14, abortWith(GTIN_MESSAGE))
      .refine((v) => v === '' || GTIN.test(v), GTIN_MESSAGE)
      .nullable()
      .optional()
      .transform((v) => (v === '' ? null : v)),
    unit: productFields.unit,
    packLabel: productFields.packLabel,
    netQuantity: productFields.netQuantity,
    netUnit: productFields.netUnit,
    pricing: productFields.pricing,
    productPrice: productFields.productPrice,
    productionCost: productFields.productionCost,
    profitMargin: productFields.profitMargin,
    soldByWeight: productFields.soldByWeight,
    gramsPerPiece: productFields.gramsPerPiece,
    /** Its own stock (without stockShared). */
    stock: z
      .number({ error: REQUIRED })
      .int('Whole units only')
      .min(0, 'Cannot be negative')
      .max(1_000_000, 'At most 1,000,000')
      .nullable()
      .optional(),
    /** How many units of the shared pool one takes (with stockShared): a dozen of a pool of eggs takes 12. */
    draws: z
      .number({ error: OPTION_DRAWS_NEEDED })
      .int('A whole number')
      .min(1, 'At least 1')
      .max(1000, 'At most 1,000')
      .nullable()
      .optional(),
  })
  .check(
    z.refine(weightPerPieceGiven, { path: ['gramsPerPiece'], message: WEIGHT_PER_PIECE }),
    z.refine(packLabelGiven, { path: ['packLabel'], message: PACK_LABEL_NEEDED, when: always }),
    z.refine(netQuantityGiven, { path: ['netQuantity'], message: NET_QUANTITY_NEEDED, when: always }),
    z.refine(netUnitGiven, { path: ['netUnit'], message: 'Choose the unit of the net quantity', when: always }),
    z.refine(priceGiven, { path: ['productPrice'], message: REQUIRED, when: always }),
    z.refine(costGiven, { path: ['productionCost'], message: REQUIRED, when: always }),
    z.refine(marginGiven, { path: ['profitMargin'], message: REQUIRED, when: always }),
    z.refine(priceWithinCap, { path: ['profitMargin'], message: PRICE_TOO_HIGH }),
  );
export type OptionInput = z.output<typeof optionInput>;
export type OptionFormValues = z.input<typeof optionInput>;

const productShape = {
  ...productFields,
  /**
   * The product's sizes, first first (1 to MAX_OPTIONS). Not sent: the product-level price, unit, pack and weight
   * fields describe its first option (its only one when listing; an edit keeps the others).
   */
  options: z.array(optionInput).min(1, 'Add at least one size').max(MAX_OPTIONS, OPTIONS_TOO_MANY).optional(),
  /** With `options`: the sizes draw from one pool (productQuantity), else each has its own stock. */
  stockShared: z.boolean({ error: 'Shared stock is yes or no' }).optional(),
};
type ProductShape = z.output<z.ZodObject<typeof productShape>>;

/** Whether the options (when sent) draw from one pool: as said, else when any says how many it draws. */
export const stockSharedOf = (v: Pick<ProductShape, 'options' | 'stockShared'>): boolean =>
  v.stockShared ?? v.options?.some((o) => typeof o?.draws === 'number') ?? false;

/** A product-level rule that holds only when `options` is not sent (the fields then describe the first option). */
const withoutOptions =
  <T extends object>(rule: (v: T) => boolean) =>
  (v: T & { options?: unknown }) =>
    v.options !== undefined || rule(v);

/** The stock a product needs: its one option's without `options`, the pool with shared stock. */
const quantityGiven = (v: ProductShape) =>
  typeof v.productQuantity === 'number' || (v.options !== undefined && !stockSharedOf(v));

/** The rules across a product's options: weight all or none, own stock or draws each, names and SKUs unique. */
function optionsAgree(v: ProductShape, ctx: z.RefinementCtx) {
  // Runs even when other fields failed (the form shows every message at once): read only what parsed.
  const options = Array.isArray(v.options) ? v.options : undefined;
  if (!options) return;
  const shared = stockSharedOf(v);
  const byWeight = options.find((o) => o?.soldByWeight !== undefined)?.soldByWeight;
  const labels = new Set<string>();
  const skus = new Set<string>();
  options.forEach((option, i) => {
    if (!option || typeof option !== 'object') return;
    const at = (field: string) => ['options', i, field];
    if (option.soldByWeight !== undefined && option.soldByWeight !== byWeight) {
      ctx.addIssue({ code: 'custom', path: at('soldByWeight'), message: OPTION_WEIGHT_MIX });
    }
    if (shared && typeof option.draws !== 'number') {
      ctx.addIssue({ code: 'custom', path: at('draws'), message: OPTION_DRAWS_NEEDED });
    }
    if (!shared && typeof option.stock !== 'number') {
      ctx.addIssue({ code: 'custom', path: at('stock'), message: REQUIRED });
    }
    const label = typeof option.label === 'string' ? option.label.toLowerCase() : '';
    if (label && labels.has(label)) ctx.addIssue({ code: 'custom', path: at('label'), message: OPTION_LABEL_TAKEN });
    labels.add(label);
    const sku = typeof option.sku === 'string' ? option.sku.toLowerCase() : undefined;
    if (sku && skus.has(sku)) ctx.addIssue({ code: 'custom', path: at('sku'), message: OPTION_SKU_TWICE });
    if (sku) skus.add(sku);
  });
}

/** The rules across fields a product obeys, listed or edited, in the order their messages are given. */
const productRules: z.core.$ZodCheck<ProductShape>[] = [
  z.refine(ruleDaysGiven, { path: ['markdownDays'], message: DAYS_NEEDED }),
  z.refine(rulePercentGiven, { path: ['markdownPercent'], message: PERCENT_NEEDED }),
  z.refine(expiryAfterManufacture, { path: ['productExpireDate'], message: EXPIRY_AFTER_MANUFACTURE }),
  z.refine(quantityGiven, { path: ['productQuantity'], message: REQUIRED, when: always }),
  z.refine(withoutOptions(weightPerPieceGiven), { path: ['gramsPerPiece'], message: WEIGHT_PER_PIECE }),
  z.refine(withoutOptions(packLabelGiven), { path: ['packLabel'], message: PACK_LABEL_NEEDED, when: always }),
  z.refine(withoutOptions(netQuantityGiven), { path: ['netQuantity'], message: NET_QUANTITY_NEEDED, when: always }),
  z.refine(withoutOptions(netUnitGiven), {
    path: ['netUnit'],
    message: 'Choose the unit of the net quantity',
    when: always,
  }),
  z.refine(originWhole, { path: ['originName'], message: FARM_NAME }),
  z.refine(originPlaced, { path: ['originPostcode'], message: FARM_ZIP }),
  // What the way of pricing needs is named beside every other field's message, as a missing field's would be.
  z.refine(withoutOptions(priceGiven), { path: ['productPrice'], message: REQUIRED, when: always }),
  z.refine(withoutOptions(costGiven), { path: ['productionCost'], message: REQUIRED, when: always }),
  z.refine(withoutOptions(marginGiven), { path: ['profitMargin'], message: REQUIRED, when: always }),
  z.refine(withoutOptions(priceWithinCap), { path: ['profitMargin'], message: PRICE_TOO_HIGH }),
  z.superRefine(labelsAllowed),
  z.superRefine(optionsAgree, { when: always }),
];

/**
 * POST /products. The price is typed, or computed by the server from cost and margin; spec clients may send more
 * fields, which are ignored.
 */
export const productInput = z
  .object({ ...productShape, productCategory: z.enum(CATEGORY_VALUES, { error: 'Choose a category' }) })
  .check(...productRules);
export type ProductInput = z.output<typeof productInput>;
export type ProductFormValues = z.input<typeof productInput>;

/** PUT /products/{id}: the vendor edits everything but the category. */
export const productEditInput = z.object(productShape).check(...productRules);
export type ProductEditInput = z.output<typeof productEditInput>;
export type ProductEditFormValues = z.input<typeof productEditInput>;

export const productCreated = z.object({
  acknowledged: z.literal(true),
  insertedId: z.string(),
  product: vendorProduct,
});
export const productDeleted = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });
export const productModified = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });

export const PRODUCT_LIMIT_MESSAGE =
  'You are not able to add more products. For add unlimited products, become a premium vendor member.';

/** Deals of the day: a product with the moment its deal ends. */
/** A deal of the day: a product with its running deal (never null here) and, as the spec names it, its end. */
/** GET /deals: the deals of the day; with `category`, that category's running deals (none is started). */
export const dealsQuery = z.object({
  category: z.enum(CATEGORY_VALUES, { error: 'Unknown category' }).optional(),
});
export const deal = cardProduct.extend({ endsAt: z.string(), deal: productDeal });
export const dealList = z.array(deal);
export type Deal = z.infer<typeof deal>;
