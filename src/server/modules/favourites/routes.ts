import type { FastifyInstance } from 'fastify';
import { favouritesApi } from '#contract/api/favourites.ts';
import { handle } from '../../route-table.ts';
import type { ProductCounts } from '../shops/index.ts';
import { addBuyAgainToCart, type BuyAgainSources, buyAgainList } from './buy-again.ts';
import { type CatalogReads, favouriteProductsOf, forgetFavouriteProduct, saveFavouriteProduct } from './products.ts';
import { favouriteShopsOf, forgetFavouriteShop, saveFavouriteShop } from './shops.ts';

/** What the routes read in the catalog, the orders and the cart, wired by app.ts (see CatalogReads). */
export type FavouriteRoutesOptions = CatalogReads & BuyAgainSources & { productCounts: ProductCounts };

/** The caller's favourite products and shops, and buying their delivered orders' products again. */
export async function favouriteRoutes(app: FastifyInstance, options: FavouriteRoutesOptions) {
  handle(app, favouritesApi.list, async ({ user }) => ({
    products: await favouriteProductsOf(app.db, options, user.id),
    shops: await favouriteShopsOf(app.db, user.id, options.productCounts),
  }));
  handle(app, favouritesApi.addProduct, async ({ params, user }) =>
    saveFavouriteProduct(app.db, options, user.id, params.id),
  );
  handle(app, favouritesApi.removeProduct, async ({ params, user }) =>
    forgetFavouriteProduct(app.db, options, user.id, params.id),
  );
  handle(app, favouritesApi.addShop, async ({ params, user }) => saveFavouriteShop(app.db, user.id, params.id));
  handle(app, favouritesApi.removeShop, async ({ params, user }) => forgetFavouriteShop(app.db, user.id, params.id));
  handle(app, favouritesApi.buyAgain, async ({ user }) => buyAgainList(app.db, options, user.id));
  handle(app, favouritesApi.buyAgainToCart, async ({ user }) => addBuyAgainToCart(app.db, options, user.id));
}
