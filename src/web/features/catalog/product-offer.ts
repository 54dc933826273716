import type { Unit } from '#contract/categories.ts';
import { formatUnitPrice } from '#contract/money.ts';
import type { Product } from '#contract/products.ts';

/** UN/CEFACT common codes, as schema.org's unitCode takes them. */
const UNIT_CODES: Record<Unit, string> = { kg: 'KGM', liter: 'LTR', piece: 'H87' };

/** What the product's price is for: a kilogram when it is sold by weight, else its category's unit. */
export const pricedUnit = (p: Pick<Product, 'soldByWeight' | 'productQuantity'>): Unit =>
  p.soldByWeight ? 'kg' : p.productQuantity.unit;

/** The price a shopper pays today: the better of the running deal and the near-expiry markdown, else the list price. */
export const pricePaid = (p: Pick<Product, 'markdown' | 'deal' | 'productPrice'>): number =>
  p.markdown?.price ?? p.deal?.price ?? p.productPrice;

/** "$10.88 per kg", "$3.25 each": the price paid today with what it is for. */
export const offerPriceText = (p: Product): string => formatUnitPrice(pricePaid(p), pricedUnit(p));

/** schema.org's price of one unit: "price per 1 KGM". */
export function unitPriceSpecification(p: Product) {
  const unit = pricedUnit(p);
  return {
    '@type': 'UnitPriceSpecification',
    price: pricePaid(p).toFixed(2),
    priceCurrency: 'USD',
    referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: UNIT_CODES[unit], unitText: unit },
  };
}
