import { route } from '../route-table.ts';
import { heldShops, shopApprovalState, shopReviewInput, shopReviewParams } from '../shop-approval.ts';

/** New shops waiting for the admin's approval (when the marketplace reviews them) and the admin's decision. */
export const shopApprovalApi = {
  mine: route({
    method: 'GET',
    path: '/vendor/approval',
    tag: 'shops',
    summary: "The caller's shop: listed (approved), waiting for the admin's review, or turned down with the reason",
    access: { allow: ['vendor'] },
    status: 200,
    response: shopApprovalState,
    errors: [404],
  }),
  held: route({
    method: 'GET',
    path: '/admin/shops/held',
    tag: 'shops',
    summary: 'Shops waiting for review, then those turned down, oldest first (admin)',
    access: { allow: ['admin'] },
    status: 200,
    response: heldShops,
    errors: [],
  }),
  review: route({
    method: 'POST',
    path: '/admin/shops/:shopId/approval',
    tag: 'shops',
    summary:
      'Approve a shop (its products are listed at once) or turn it down with the reason (admin); the vendor is told by e-mail',
    access: { allow: ['admin'] },
    params: shopReviewParams,
    body: shopReviewInput,
    status: 200,
    response: shopApprovalState,
    errors: [404],
  }),
};
