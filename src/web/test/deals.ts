import type { Deal } from '#contract/products.ts';

let next = 0;

/** A product on deal as GET /api/deals answers it: `percent` off `price` (dollars), ending `endsInSeconds` from now. */
export function aDeal(name: string, price: number, percent: number, endsInSeconds = 86_400): Deal {
  next += 1;
  const endsAt = new Date(Date.now() + endsInSeconds * 1000).toISOString();
  const salePrice = Math.round(price * (100 - percent)) / 100;
  return {
    _id: `00000000-0000-4000-9000-${String(next).padStart(12, '0')}`,
    productName: name,
    productImage: '/uploads/00000000-0000-4000-8000-000000000000.webp',
    productCategory: 'vegetable',
    productDetails: 'Grown nearby',
    productQuantity: { value: 20, unit: 'kg' },
    productPrice: price,
    productManufacturingDate: '2026-11-20',
    productExpireDate: '2026-12-30',
    createdAt: '2026-11-20T10:00:00.000Z',
    shopAddress: 'Hood River, OR',
    shopImage: '/uploads/00000000-0000-4000-8000-000000000001.webp',
    shopName: 'Willow Bend Farm',
    popularity: 10,
    shopId: '00000000-0000-4000-8000-000000000002',
    expired: false,
    shopPremium: false,
    deal: { discountPercent: percent, price: salePrice, endsAt },
    markdown: null,
    soldByWeight: false,
    gramsPerPiece: null,
    allergens: [],
    labels: [],
    ingredients: '',
    origin: null,
    sizes: {
      count: 1,
      from: { price, salePrice, unit: 'kg', pack: null, soldByWeight: false, gramsPerPiece: null },
      inStock: true,
    },
    endsAt,
  };
}
