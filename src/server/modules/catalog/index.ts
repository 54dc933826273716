/**
 * The catalog's public functions: other modules (and the seed) read and change products, their stock and
 * popularity only through these; the catalog's tables stay private to it.
 */
export { tellFavouritesMarkedDown } from './favourite-markdowns.ts';
export { eraseCatalogPart, placeForExport, productsForExport } from './leaving.ts';
export { productsEnteringMarkdown } from './markdowns.ts';
export { countOfferedProducts, countProducts, productNames, productOwner, unlistVendorProducts } from './owners.ts';
export { countPopularity } from './popularity.ts';
export { productCardsByIds, productListed } from './product-cards.ts';
export { hasProducts, recordDeals, recordProducts, recordShopMarkdowns } from './records.ts';
export { searchIndexWarming } from './search-index.ts';
export { shopOptionsOnSale } from './shop-options.ts';
export { isOfferedProduct, isOpenShop, type SitemapPage, sitemapPages } from './sitemap.ts';
export { type CartOption, type CartProduct, firstOptionIds, productsForCart, restock, takeStock } from './stock.ts';
