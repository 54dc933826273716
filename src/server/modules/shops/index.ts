/** The shops module's public functions: other modules read and write vendors' shops only through these. */
export {
  awardGoldBadge,
  grantPremium,
  recordShops,
  type ShopProfile,
  setShopLocation,
  shopOf,
  shopsByVendorIds,
} from './profiles.ts';
export {
  closestShops,
  closestShopsRelation,
  type ShopCard,
  shopCards,
  shopCardsRelation,
  shopMembership,
  shopOfEmail,
} from './shop-cards.ts';
