/**
 * The tax module's public functions: the cart, the catalog's stock and checkout read the tax that applies now only
 * through these; the admin's settings (routes.ts) are its own.
 */
export { type CurrentTax, currentTax } from './tax.ts';
