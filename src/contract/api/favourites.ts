import type { z } from 'zod';
import {
  buyAgainList,
  buyAgainResult,
  favouriteProductParams,
  favouriteShopParams,
  favouriteState,
  favourites,
} from '../favourites.ts';
import { route } from '../route-table.ts';

const OWN = "the caller's own favourites only";

/**
 * Saving one kind of favourite (`products`, `shops`) and taking it out again: the same access, answers and errors
 * for both kinds, `thing` naming one in the summaries ("a product").
 */
function savedKind<const Kind extends 'products' | 'shops', Params extends z.ZodType>(
  kind: Kind,
  thing: string,
  params: Params,
) {
  return {
    add: route({
      method: 'PUT',
      path: `/favourites/${kind}/:id`,
      tag: 'favourites',
      summary: `Saves ${thing} to the caller’s favourites (again: no change)`,
      access: { allow: 'signed-in', note: OWN },
      params,
      status: 200,
      response: favouriteState,
      errors: [404, 409],
    }),
    remove: route({
      method: 'DELETE',
      path: `/favourites/${kind}/:id`,
      tag: 'favourites',
      summary: `Takes ${thing} out of the caller’s favourites (not there: no change)`,
      access: { allow: 'signed-in', note: OWN },
      params,
      status: 200,
      response: favouriteState,
      errors: [404],
    }),
  };
}

const products = savedKind('products', 'a product', favouriteProductParams);
const shops = savedKind('shops', 'a shop', favouriteShopParams);

/** A shopper's favourite products and shops, and buying their delivered orders' products again. */
export const favouritesApi = {
  list: route({
    method: 'GET',
    path: '/favourites',
    tag: 'favourites',
    summary: "The caller's favourite products and shops, the latest saved first",
    access: { allow: 'signed-in', note: OWN },
    status: 200,
    response: favourites,
    errors: [],
  }),
  addProduct: products.add,
  removeProduct: products.remove,
  addShop: shops.add,
  removeShop: shops.remove,
  buyAgain: route({
    method: 'GET',
    path: '/buy-again',
    tag: 'favourites',
    summary: 'The products of the caller’s delivered or picked-up orders, the latest ordered first',
    access: { allow: ['customer'], note: "the caller's own orders" },
    status: 200,
    response: buyAgainList,
    errors: [],
  }),
  buyAgainToCart: route({
    method: 'POST',
    path: '/buy-again/cart',
    tag: 'favourites',
    summary:
      'Adds one of each buy-again product still on sale to the caller’s cart; says which were skipped (sold out, no longer sold) and why',
    access: { allow: ['customer'], note: "the caller's own orders and cart" },
    status: 200,
    response: buyAgainResult,
    errors: [],
  }),
};
