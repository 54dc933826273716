import { orderTracking } from '../fulfilment.ts';
import {
  deskCancelInput,
  deskOrderPage,
  deskOrderParams,
  deskPartParams,
  deskReceiptSent,
  deskRefund,
  deskRefundInput,
  deskSearchQuery,
  deskStory,
} from '../order-desk.ts';
import { route } from '../route-table.ts';

const ADMIN = { allow: ['admin'] } as const;

/** The order desk (admin): find orders, read one's whole story, refund or cancel a part, send the receipt again. */
export const orderDeskApi = {
  search: route({
    method: 'GET',
    path: '/admin/orders',
    tag: 'orders',
    summary:
      "Orders newest first (admin), found by number (FS-10234) or the shopper's name or e-mail, a shop's name, the days placed and a part's step",
    access: ADMIN,
    query: deskSearchQuery,
    status: 200,
    response: deskOrderPage,
    errors: [],
  }),
  story: route({
    method: 'GET',
    path: '/admin/orders/:id',
    tag: 'orders',
    summary:
      "One order's story (admin): each shop's part and its steps, the payment, hold and capture, refunds with why and who, the shops' transfers and the notices sent",
    access: ADMIN,
    params: deskOrderParams,
    status: 200,
    response: deskStory,
    errors: [404],
  }),
  refund: route({
    method: 'POST',
    path: '/admin/orders/:id/shops/:shopId/refunds',
    tag: 'orders',
    summary:
      "Give money back for a shop's delivered part or one of its lines (a quantity or an amount), with why (admin): never more than is left of what was paid for it; the same key gives it once; the shop's payout gives back its share",
    access: ADMIN,
    params: deskPartParams,
    body: deskRefundInput,
    status: 201,
    response: deskRefund,
    errors: [404, 409],
  }),
  cancel: route({
    method: 'POST',
    path: '/admin/orders/:id/shops/:shopId/cancellation',
    tag: 'orders',
    summary:
      "Cancel a shop's part not yet delivered, as its shop would (admin): stock and the slot's place return, what was paid for it and its delivery fee is refunded, with why",
    access: ADMIN,
    params: deskPartParams,
    body: deskCancelInput,
    status: 200,
    response: orderTracking,
    errors: [404, 409],
  }),
  receipt: route({
    method: 'POST',
    path: '/admin/orders/:id/receipt',
    tag: 'orders',
    summary: 'Send the receipt e-mail (with its invoice) to the shopper again, through the outbox (admin)',
    access: ADMIN,
    params: deskOrderParams,
    status: 200,
    response: deskReceiptSent,
    errors: [404, 409],
  }),
};
