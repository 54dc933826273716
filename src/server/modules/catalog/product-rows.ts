import { sql } from 'drizzle-orm';
import { centsToDollars } from '#contract/money.ts';
import type { Product } from '#contract/products.ts';
import { BUSINESS_TODAY } from '../../business-day.ts';

/** The columns every product read selects: the product (alias p) and its vendor's shop (alias u). */
export const PRODUCT_COLUMNS = sql`
  p.id, p.vendor_id, p.name, p.image_url, p.category, p.details, p.production_cost_cents, p.profit_margin_bp,
  p.price_cents, p.stock, p.unit, p.manufactured_on, p.expires_on, p.popularity, p.created_at,
  p.created_at::text AS created_at_key, (p.expires_on < ${BUSINESS_TODAY}) AS expired,
  u.email AS vendor_email, u.shop_name, u.shop_image, u.shop_address`;

export type ProductRow = {
  id: string;
  vendor_id: string;
  name: string;
  image_url: string;
  category: string;
  details: string;
  production_cost_cents: number;
  profit_margin_bp: number;
  price_cents: number;
  stock: number;
  unit: 'liter' | 'kg' | 'piece';
  manufactured_on: string;
  expires_on: string;
  popularity: number;
  created_at: Date | string;
  created_at_key: string;
  expired: boolean;
  vendor_email: string;
  shop_name: string | null;
  shop_image: string | null;
  shop_address: string | null;
};

/** A database row as the API shows it (the spec's field names, dollars, percent). */
export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    email: row.vendor_email,
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
    createdAt: new Date(row.created_at).toISOString(),
    shopAddress: row.shop_address ?? '',
    shopImage: row.shop_image ?? '',
    shopName: row.shop_name ?? '',
    popularity: row.popularity,
    shopId: row.vendor_id,
    expired: row.expired,
  };
}
