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

/** What a vendor may still add: the shop's membership plan holds at most `limit` listed products (decision 051). */
export const vendorAllowance = z.object({
  /** The plan whose rules apply now (its key: 'normal', 'premium' or one the admin added). */
  membership: z.enum(MEMBERSHIPS).or(z.string()),
  productCount: z.number().int(),
  /** null for an unlimited plan. */
  limit: z.number().int().nullable(),
  canAdd: z.boolean(),
  /** Why no more can be added (the spec's words for the default plans); null while it can. */
  message: z.string().nullable(),
});
export type VendorAllowance = z.infer<typeof vendorAllowance>;
