/**
 * The payouts table's search in the address (`?shop=`, not the site search's `?q=`), so a reload or the back button
 * keeps it; its route loader reads it too.
 */
export const SHOP_SEARCH_PARAM = 'shop';
export const readShopSearch = (params: URLSearchParams) => (params.get(SHOP_SEARCH_PARAM) ?? '').trim();
