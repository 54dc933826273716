import type { FastifyInstance } from 'fastify';
import { favouritesApi } from '#contract/api/favourites.ts';
import { handle } from '../../route-table.ts';
import {
  countOfferedProducts,
  favouriteProductsOf,
  forgetFavouriteProduct,
  saveFavouriteProduct,
} from '../catalog/index.ts';
import { favouriteShopsOf, forgetFavouriteShop, saveFavouriteShop } from '../shops/index.ts';
import { addBuyAgainToCart, buyAgainList } from './buy-again.ts';

/** The caller's favourite products and shops, and buying their delivered orders' products again. */
export async function favouriteRoutes(app: FastifyInstance) {
  handle(app, favouritesApi.list, async ({ user }) => ({
    products: await favouriteProductsOf(app.db, user.id),
    shops: await favouriteShopsOf(app.db, user.id, countOfferedProducts),
  }));
  handle(app, favouritesApi.addProduct, async ({ params, user }) => saveFavouriteProduct(app.db, user.id, params.id));
  handle(app, favouritesApi.removeProduct, async ({ params, user }) =>
    forgetFavouriteProduct(app.db, user.id, params.id),
  );
  handle(app, favouritesApi.addShop, async ({ params, user }) => saveFavouriteShop(app.db, user.id, params.id));
  handle(app, favouritesApi.removeShop, async ({ params, user }) => forgetFavouriteShop(app.db, user.id, params.id));
  handle(app, favouritesApi.buyAgain, async ({ user }) => buyAgainList(app.db, user.id));
  handle(app, favouritesApi.buyAgainToCart, async ({ user }) => addBuyAgainToCart(app.db, user.id));
}
