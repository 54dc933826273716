import { z } from 'zod';

/** New shops reviewed before their products are listed (issue 33, item 5; decision 063). */

export const SHOP_APPROVALS = ['approved', 'pending', 'rejected'] as const;
export type ShopApproval = (typeof SHOP_APPROVALS)[number];

/** GET /vendor/approval: whether the caller's shop is listed, waits for review, or was turned down (and why). */
export const shopApprovalState = z.object({
  state: z.enum(SHOP_APPROVALS),
  reason: z.string().nullable(),
});
export type ShopApprovalState = z.infer<typeof shopApprovalState>;

/** A shop waiting for review or turned down, as the admin's shops page lists it. */
export const heldShop = z.object({
  _id: z.string(),
  shop: z.string(),
  owner: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  state: z.enum(SHOP_APPROVALS),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type HeldShop = z.infer<typeof heldShop>;
export const heldShops = z.array(heldShop);

export const shopReviewParams = z.object({ shopId: z.uuid('Shop id must be a UUID') });

/** POST /admin/shops/:shopId/approval: approve the shop, or turn it down with the reason (e-mailed to the vendor). */
export const shopReviewInput = z.discriminatedUnion(
  'decision',
  [
    z.strictObject({ decision: z.literal('approve') }),
    z.strictObject({
      decision: z.literal('reject'),
      reason: z
        .string({ error: 'Say why the shop is turned down' })
        .trim()
        .min(1, 'Say why the shop is turned down')
        .max(500, 'At most 500 characters'),
    }),
  ],
  { error: 'Approve or reject the shop' },
);
export type ShopReviewInput = z.infer<typeof shopReviewInput>;
