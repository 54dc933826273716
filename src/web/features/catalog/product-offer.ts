import { dollarsToCents, formatUnitPrice } from '#contract/money.ts';
import type { Product, ProductOption } from '#contract/products.ts';
import { priceText, UNIT_CODES, type Unit } from '#contract/units.ts';

/** What the product's price is for: a kilogram when it is sold by weight, else its category's unit. */
export const pricedUnit = (p: Pick<Product, 'soldByWeight' | 'productQuantity'>): Unit =>
  p.soldByWeight ? 'kg' : p.productQuantity.unit;

/** The price a shopper pays today: the better of the running deal and the near-expiry markdown, else the list price. */
export const pricePaid = (p: Pick<Product, 'markdown' | 'deal' | 'productPrice'>): number =>
  p.markdown?.price ?? p.deal?.price ?? p.productPrice;

/**
 * "$10.88 per kg", "$3.25 each", "$9.50 · $27.94/kg" (a 340 g jar): the price paid today with what it is for
 * (decision 053).
 */
export const offerPriceText = (p: Product): string => productPriceText(p, pricePaid(p));

/** A price of the product (dollars) with what it buys: per kg when sold by weight, else by its unit and pack. */
export const productPriceText = (
  p: Pick<Product, 'soldByWeight' | 'productQuantity' | 'pack' | 'pieceName'>,
  dollars: number,
): string =>
  p.soldByWeight
    ? formatUnitPrice(dollars, 'kg')
    : priceText(dollarsToCents(dollars), p.productQuantity.unit, p.pack ?? null, p.pieceName ?? null);

/**
 * schema.org's price of what one unit holds: "price per 1 KGM" (sold by weight or by the kg), "per 340 GRM" (a 340 g
 * jar), "per 12 H87" (a dozen), "per 1 H87" (each).
 */
export function unitPriceSpecification(p: Product) {
  return priceSpecification(pricedUnit(p), p.pack ?? null, pricePaid(p));
}

/** The same of one size of the product (decision 052): its own unit, pack and price paid today. */
export function optionPriceSpecification(o: ProductOption) {
  return priceSpecification(o.soldByWeight ? 'kg' : o.unit, o.pack ?? null, o.salePrice ?? o.price);
}

function priceSpecification(unit: Unit, productPack: Product['pack'], dollars: number) {
  const pack = unit === 'pack' ? (productPack ?? null) : null;
  const reference = pack
    ? { value: pack.netQuantity, unitCode: UNIT_CODES[pack.netUnit], unitText: pack.netUnit }
    : unit === 'dozen'
      ? { value: 12, unitCode: UNIT_CODES.piece, unitText: 'piece' }
      : { value: 1, unitCode: UNIT_CODES[unit], unitText: unit };
  return {
    '@type': 'UnitPriceSpecification',
    price: dollars.toFixed(2),
    priceCurrency: 'USD',
    referenceQuantity: { '@type': 'QuantitativeValue', ...reference },
  };
}
