/** The shops module's public functions: other modules read and write vendors' shops only through these. */
export { favouriteShopsOf, forgetFavouriteShop, saveFavouriteShop } from './favourites.ts';
export {
  awardGoldBadge,
  grantPremium,
  recordShops,
  setShopLocation,
  shopOf,
  shopsByVendorIds,
} from './profiles.ts';
export {
  closestShops,
  closestShopsRelation,
  shopCards,
  shopCardsRelation,
  shopMembership,
  shopOfEmail,
} from './shop-cards.ts';
