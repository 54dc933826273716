import type { Unit } from '#contract/units.ts';
import type { CardSizes, products } from './tables.ts';

/** The columns of products that mirror its listed options (decision 052). */
export type Mirrors = Pick<
  typeof products.$inferSelect,
  | 'priceCents'
  | 'stock'
  | 'minDraws'
  | 'unit'
  | 'packLabel'
  | 'netQuantity'
  | 'netUnit'
  | 'soldByWeight'
  | 'gramsPerPiece'
  | 'productionCostCents'
  | 'profitMarginBp'
  | 'sizes'
  | 'firstStock'
>;

/** What of a listed option the mirrors read. */
export type MirroredOption = {
  priceCents: number;
  stock?: number | null;
  draws?: number | null;
  unit: Unit;
  packLabel?: string | null;
  netQuantity?: number | null;
  netUnit?: Unit | null;
  soldByWeight?: boolean;
  gramsPerPiece?: number | null;
  productionCostCents?: number | null;
  profitMarginBp?: number | null;
};

/**
 * The products columns its listed options give (decision 052), first option first: the "from" price (the lowest
 * option's, read by every index, sort, price filter and count), the stock (`pool` when the options draw from one, else
 * the sum of their own), the smallest draw (1 with own stock: in stock is stock >= min_draws), and the first option's
 * unit, pack, weight, cost and margin; with several options, what a card shows of them (`sizes`: how many, the
 * first's price and draws, the cheapest's unit, pack and weight, the first of equal prices) and the first's own stock.
 * The one rule behind product-service's writeOptions, migration 0065's fill, the demo data and the test factories.
 */
export function mirrorsOf(options: readonly MirroredOption[], pool: number | null): Mirrors {
  const [first] = options;
  return {
    priceCents: Math.min(...options.map((o) => o.priceCents)),
    stock: pool ?? options.reduce((sum, o) => sum + (o.stock ?? 0), 0),
    minDraws: pool === null ? 1 : Math.min(...options.map((o) => o.draws ?? 1)),
    unit: first.unit,
    packLabel: first.packLabel ?? null,
    netQuantity: first.netQuantity ?? null,
    netUnit: first.netUnit ?? null,
    soldByWeight: first.soldByWeight ?? false,
    gramsPerPiece: first.gramsPerPiece ?? null,
    productionCostCents: first.productionCostCents ?? null,
    profitMarginBp: first.profitMarginBp ?? null,
    sizes: options.length > 1 ? cardSizes(options) : null,
    firstStock: options.length > 1 && pool === null ? (first.stock ?? 0) : null,
  };
}

function cardSizes(options: readonly MirroredOption[]): CardSizes {
  const [first] = options;
  const cheapest = options.reduce((low, o) => (o.priceCents < low.priceCents ? o : low));
  return {
    count: options.length,
    first: { priceCents: first.priceCents, draws: first.draws ?? null },
    from: {
      unit: cheapest.unit,
      packLabel: cheapest.packLabel ?? null,
      netQuantity: cheapest.netQuantity ?? null,
      netUnit: cheapest.netUnit ?? null,
      soldByWeight: cheapest.soldByWeight ?? false,
      gramsPerPiece: cheapest.gramsPerPiece ?? null,
    },
  };
}
