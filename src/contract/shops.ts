import { z } from 'zod';
import { MEMBERSHIPS } from './roles.ts';
import { abortWith, uuidField } from './validation.ts';

/**
 * A vendor's shop as the storefront shows it (the vendor record of the spec, without private fields: no owner's
 * e-mail, decision 050). Strict: an answer carrying another field fails its validation instead of reaching a shopper.
 */
export const shop = z.strictObject({
  _id: z.string(),
  /** Owner's name. */
  name: z.string(),
  shop: z.string(),
  image: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  /** Established date, YYYY-MM-DD. */
  date: z.string().nullable(),
  /** The 'Since year' of the shop cards. */
  sinceYear: z.number().int().nullable(),
  /** The shop's membership plan ('normal', 'premium' or a plan the admin added). */
  membership: z.enum(MEMBERSHIPS).or(z.string()),
  badge: z.string().nullable(),
  productCount: z.number().int(),
});
export type Shop = z.infer<typeof shop>;
export const shopList = z.array(shop);

export const shopListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, abortWith('At most 100 characters'))
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
});
export const shopIdParams = z.object({ id: uuidField('Not a shop id') });
