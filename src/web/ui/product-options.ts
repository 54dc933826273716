import { dollarsToCents, formatDollars, formatUnitPrice } from '#contract/money.ts';
import type { CardProduct, Product, ProductOption } from '#contract/products.ts';
import { priceText } from '#contract/units.ts';
import { gramsLabel, weighedCents } from '#contract/weighed.ts';

/**
 * A product's sizes and packs as the storefront reads them (decision 052). Zod-free (types only from the contract),
 * so the home page's cards may use it.
 */

type Optioned = Pick<
  Product,
  '_id' | 'options' | 'productPrice' | 'productQuantity' | 'pack' | 'soldByWeight' | 'gramsPerPiece'
> &
  Partial<Pick<Product, 'deal' | 'markdown'>>;

/**
 * Its options, first first. A product read by a server that answers no options yet (a cached page, an older
 * answer) is its one option made of the spec's fields, so no screen breaks on it.
 */
export function optionsOf(p: Optioned): ProductOption[] {
  if (p.options && p.options.length > 0) return p.options;
  const sale = p.markdown ?? p.deal ?? null;
  return [
    {
      _id: p._id,
      label: '',
      price: p.productPrice,
      salePrice: sale ? sale.price : null,
      sku: '',
      gtin: null,
      unit: p.productQuantity.unit,
      pack: p.pack ?? null,
      soldByWeight: p.soldByWeight,
      gramsPerPiece: p.gramsPerPiece,
      position: 1,
      available: p.productQuantity.value,
      draws: null,
    },
  ];
}

/** The option a listing's "from" price is: the cheapest (the first of equals), as products.price_cents is. */
export function cheapestOption(p: Optioned): ProductOption {
  return optionsOf(p).reduce((low, o) => (o.price < low.price ? o : low));
}

/** The product page's product as a list's card shows it (a heart on its page saves it to the favourites list). */
export function cardOf(product: Product): CardProduct {
  const { options: _, ...fields } = product;
  const options = optionsOf(product);
  const low = cheapestOption(product);
  return {
    ...fields,
    sizes: {
      count: options.length,
      from: {
        price: low.price,
        salePrice: low.salePrice,
        unit: low.unit,
        pack: low.pack,
        soldByWeight: low.soldByWeight,
        gramsPerPiece: low.gramsPerPiece,
      },
      inStock: options.some((o) => o.available > 0),
    },
  };
}

/** The option the product page starts on: the first one in stock, else the first. */
export function firstInStock(p: Optioned): ProductOption {
  const options = optionsOf(p);
  return options.find((o) => o.available > 0) ?? options[0];
}

/** What a shopper pays for one of the option today: its deal or markdown price, else its price (dollars). */
export const optionPaid = (o: ProductOption): number => o.salePrice ?? o.price;

/**
 * An option's price with what it buys, as units.ts writes it: "$3.50 · $0.58 each" (a half dozen), "$9.00 ·
 * $36.00/kg" (a 250 g jar), "$24.00 per kg" (sold by weight); `dollars` is the list price unless given.
 */
export function optionPriceText(o: ProductOption, dollars: number = o.price, pieceName: string | null = null): string {
  return o.soldByWeight
    ? formatUnitPrice(dollars, 'kg')
    : priceText(dollarsToCents(dollars), o.unit, o.pack ?? null, pieceName);
}

/**
 * What one piece of a size sold by weight weighs and costs about (its sizes differ only by it): "about 4.5 kg, ≈
 * $63.36"; null for a size not sold by weight.
 */
export function pieceEstimate(o: ProductOption, dollars: number = o.price): string | null {
  if (!o.soldByWeight || o.gramsPerPiece === null) return null;
  const cents = weighedCents(o.gramsPerPiece, dollarsToCents(dollars));
  return `about ${gramsLabel(o.gramsPerPiece)}, ≈ ${formatDollars(cents / 100)}`;
}
