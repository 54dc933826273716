/** The 12 product categories of the spec, in display order, with their labels and selling unit. */
export const CATEGORIES = [
  { value: 'milk', label: 'Milks and Dairies', unit: 'liter' },
  { value: 'vegetable', label: 'Vegetables', unit: 'kg' },
  { value: 'fastFood', label: 'Fast Food', unit: 'piece' },
  { value: 'baking', label: 'Baking Material', unit: 'piece' },
  { value: 'fruit', label: 'Fresh Fruit', unit: 'kg' },
  { value: 'sweet', label: 'Sweets and Desserts', unit: 'kg' },
  { value: 'snacks', label: 'Snacks', unit: 'piece' },
  { value: 'beverage', label: 'Beverage', unit: 'liter' },
  { value: 'regional', label: 'Regional Food', unit: 'piece' },
  { value: 'bakery', label: 'Bakery', unit: 'kg' },
  { value: 'grains', label: 'Grains', unit: 'piece' },
  { value: 'proteins', label: 'Proteins', unit: 'piece' },
] as const;

export type CategoryValue = (typeof CATEGORIES)[number]['value'];
/** Every unit a product may be sold by (src/contract/units.ts); a category's is one of the spec's three. */
export { UNITS, type Unit } from './units.ts';
/** The spec's units: a category's, and the product's when its farmer chooses none (decision 053). */
export type CategoryUnit = 'liter' | 'kg' | 'piece';

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];

/**
 * Spec rule: beverage and milk by the liter; fruit, bakery, sweet, vegetable, snack by the kg; anything else by the
 * piece. The unit a new product is sold by when its farmer chooses none, and the one the form proposes.
 */
export function unitForCategory(category: string): CategoryUnit {
  if (category === 'beverage' || category === 'milk') return 'liter';
  if (['fruit', 'bakery', 'sweet', 'vegetable', 'snack'].includes(category)) return 'kg';
  return 'piece';
}

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The six spec category pages (their own routes); the other six live at /category/:value. */
const SPEC_CATEGORY_PATHS: Partial<Record<CategoryValue, string>> = {
  milk: '/milkProducts',
  vegetable: '/vegetableProducts',
  beverage: '/beveragesProducts',
  fruit: '/fruitProducts',
  sweet: '/sweetProducts',
  snacks: '/snackProducts',
};

/** The page of a category: its spec route, or /category/:value. */
export function categoryPath(value: string): string {
  return SPEC_CATEGORY_PATHS[value as CategoryValue] ?? `/category/${value}`;
}

/**
 * Every category's way in, in display order, named by its one label (carousel, menu, page title, breadcrumbs,
 * product cards and the vendor's form all read CATEGORIES).
 */
export const CATEGORY_LINKS = CATEGORIES.map((c) => ({
  path: categoryPath(c.value),
  category: c.value,
  title: c.label,
}));

/** The six category pages with their own spec routes. */
export const FEATURED_CATEGORY_ROUTES = CATEGORY_LINKS.filter((c) => SPEC_CATEGORY_PATHS[c.category] !== undefined);
