/**
 * The tax module's public functions: the cart and the catalog's stock read the tax that applies now only through
 * these; the admin's settings and their routes (routes.ts) are its own.
 */
export { type CurrentTax, currentTax } from './tax.ts';
