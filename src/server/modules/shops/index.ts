/** The shops module's public functions: other modules read and write vendors' shops only through these. */

export { isShopListed, shopListed, shopNamesAndListing } from './approval.ts';
export { closeShopProfile, shopForExport } from './leaving.ts';
export { readMarketplace } from './marketplace.ts';
export {
  grantPlan,
  membershipPlanRows,
  type PlanRow,
  planOfShop,
  planRow,
  plansOfShops,
  premiumPlan,
  productLimitMessage,
  savePlan,
  setPlanCommission,
  shopPlanState,
  toPlan,
} from './plans.ts';
export {
  awardGoldBadge,
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
  shopOfEmail,
} from './shop-cards.ts';
