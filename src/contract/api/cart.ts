import {
  addToCartInput,
  addToCartResult,
  cartAmountInput,
  cartItem,
  cartItemParams,
  cartList,
  cartQuery,
  deletedCount,
} from '../cart.ts';
import { route } from '../route-table.ts';

/** The spec's cart calls: each customer reads and changes only their own cart. */
export const cartApi = {
  list: route({
    method: 'GET',
    path: '/carts',
    tag: 'cart',
    summary: "The caller's cart (email must be the caller's)",
    access: {
      allow: ['customer'],
      owner: { of: 'account', admin: false, otherwise: 403 },
      note: '?email must be the caller’s',
    },
    query: cartQuery,
    status: 200,
    response: cartList,
    errors: [],
  }),
  add: route({
    method: 'POST',
    path: '/carts',
    tag: 'cart',
    summary:
      "Add units of a product to the cart (the caller's first add raises its popularity); a repeated requestId adds nothing more",
    access: { allow: ['customer'] },
    body: addToCartInput,
    status: 201,
    response: addToCartResult,
    errors: [404, 409],
  }),
  setAmount: route({
    method: 'PATCH',
    path: '/carts/:id',
    tag: 'cart',
    summary: 'Set the amount of a line of the caller’s cart, from 1 to the stock',
    access: { allow: ['customer'], owner: { of: 'purchase', admin: false, otherwise: 403 } },
    params: cartItemParams,
    body: cartAmountInput,
    status: 200,
    response: cartItem,
    errors: [404, 409],
  }),
  remove: route({
    method: 'DELETE',
    path: '/carts/:id',
    tag: 'cart',
    summary: 'Remove a line from the caller’s cart',
    access: { allow: ['customer'], owner: { of: 'purchase', admin: false, otherwise: 403 } },
    params: cartItemParams,
    status: 200,
    response: deletedCount,
    errors: [404],
  }),
};
