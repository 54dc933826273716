import type { CartItem } from '#contract/cart.ts';

/**
 * A cart line's name as a shopper tells lines apart: "Eggs — Dozen" when its product has several sizes (decision
 * 052; a dozen and a half dozen are two lines), else the product's name.
 */
export const lineName = (item: Pick<CartItem, 'name'> & { optionLabel?: string | null }): string =>
  item.optionLabel ? `${item.name} — ${item.optionLabel}` : item.name;
