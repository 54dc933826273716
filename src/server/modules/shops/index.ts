/** The shops module's public functions: other modules read and write vendors' shops only through these. */

export { closeShopProfile, shopForExport } from './leaving.ts';
export {
  awardGoldBadge,
  grantPremium,
  recordShops,
  setShopLocation,
  shopOf,
  shopsByVendorIds,
} from './profiles.ts';
export { type ProductCounts, shopsOfVendors } from './service.ts';
export {
  closestShops,
  closestShopsRelation,
  shopCards,
  shopCardsRelation,
  shopMembership,
  shopOfEmail,
} from './shop-cards.ts';
