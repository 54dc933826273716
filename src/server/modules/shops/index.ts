/** The shops module's public functions: other modules read and write vendors' shops only through these. */
export { favouriteShopsOf, forgetFavouriteShop, saveFavouriteShop } from './favourites.ts';
export {
  awardGoldBadge,
  grantPremium,
  recordShops,
  type ShopProfile,
  setShopLocation,
  shopOf,
  shopsByVendorIds,
} from './profiles.ts';
export type { ProductCounts } from './service.ts';
export {
  closestShops,
  closestShopsRelation,
  type ShopCard,
  shopCards,
  shopCardsRelation,
  shopMembership,
  shopOfEmail,
} from './shop-cards.ts';
