/**
 * The favourites module's public functions: the catalog tells the shoppers who favourited a product through these;
 * the favourite products and shops themselves are read and changed only by its routes.
 */

export { eraseFavourites, favouritesForExport } from './leaving.ts';
export { tellFansBackInStock, tellFansMarkedDown } from './notices.ts';
