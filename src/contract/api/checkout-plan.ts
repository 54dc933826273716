import { cartShopParams, checkoutPlan, deliveryAddressInput, shopChoiceInput } from '../checkout-plan.ts';
import { route } from '../route-table.ts';

/** How the caller gets each shop's part of their cart: a pickup or delivery slot per shop, one delivery address. */
export const checkoutPlanApi = {
  plan: route({
    method: 'GET',
    path: '/cart/fulfilment',
    tag: 'cart',
    summary:
      "The caller's cart by shop: what each shop offers, the slot and note chosen, delivery fees and what still stops the payment",
    access: { allow: ['customer'] },
    status: 200,
    response: checkoutPlan,
    errors: [],
  }),
  choose: route({
    method: 'PUT',
    path: '/cart/fulfilment/:shopId',
    tag: 'cart',
    summary:
      'Choose a pickup or delivery slot (and a note to the producer) for a shop in the caller’s cart; refused with SLOT_FULL, SLOT_CLOSED or OUT_OF_AREA',
    access: { allow: ['customer'] },
    params: cartShopParams,
    body: shopChoiceInput,
    status: 200,
    response: checkoutPlan,
    errors: [404, 409],
  }),
  setDeliveryAddress: route({
    method: 'PUT',
    path: '/cart/delivery-address',
    tag: 'cart',
    summary: 'Where the delivered parts of the caller’s cart go (address and postcode)',
    access: { allow: ['customer'] },
    body: deliveryAddressInput,
    status: 200,
    response: checkoutPlan,
    errors: [],
  }),
};
