import { z } from 'zod';
import { UNITS } from './categories.ts';
import { MAX_PAGE_SIZE } from './products.ts';
import { MEMBERSHIPS } from './roles.ts';

export const categoryItem = z.object({
  id: z.string(),
  _id: z.string(),
  /** The category value products carry (milk, vegetable, …). */
  category: z.string(),
  label: z.string(),
  unit: z.enum(UNITS),
});
export const categoryList = z.array(categoryItem);

/** GET /search/suggest: what the search box offers while the shopper types. */
export const suggestion = z.object({
  kind: z.enum(['product', 'shop', 'category']),
  /** Product id, shop (vendor) id, or category value. */
  id: z.string(),
  label: z.string(),
  /** Shop name for a product, label context otherwise. */
  detail: z.string().nullable(),
});
export type Suggestion = z.infer<typeof suggestion>;
export const suggestResponse = z.object({ suggestions: z.array(suggestion) });
export const searchQuery = z.object({
  q: z.string().trim().max(100, { error: 'At most 100 characters', abort: true }).default(''),
});
/** GET /search: the text and a keyset page of its ranking. */
export const searchPageQuery = searchQuery.extend({
  cursor: z.string().trim().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

/** What a vendor may still add: a normal membership holds at most 5 listed products. */
export const vendorAllowance = z.object({
  membership: z.enum(MEMBERSHIPS),
  productCount: z.number().int(),
  /** null for premium members (no limit). */
  limit: z.number().int().nullable(),
  canAdd: z.boolean(),
});
export type VendorAllowance = z.infer<typeof vendorAllowance>;
