import type { ProductOption, VendorProductOption } from '#contract/products.ts';

let next = 0;

/** A size of a product as the API answers it (decision 052); by default a piece at $1 with 10 in stock. */
export function anOption(extra: Partial<ProductOption> = {}): ProductOption {
  next += 1;
  return {
    _id: `00000000-0000-4000-a000-${String(next).padStart(12, '0')}`,
    label: 'Each',
    price: 1,
    salePrice: null,
    sku: `SKU-${next}`,
    gtin: null,
    unit: 'piece',
    pack: null,
    soldByWeight: false,
    gramsPerPiece: null,
    position: 1,
    available: 10,
    draws: null,
    ...extra,
  };
}

/** The same as its vendor reads it: with cost, margin, pricing and its own stock. */
export function aVendorOption(extra: Partial<VendorProductOption> = {}): VendorProductOption {
  const option = anOption(extra);
  return {
    productionCost: null,
    profitMargin: null,
    pricing: 'price',
    stock: option.draws === null ? option.available : null,
    ...option,
    ...extra,
  };
}
