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
export type Unit = 'liter' | 'kg' | 'piece';

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [CategoryValue, ...CategoryValue[]];
export const UNITS = ['liter', 'kg', 'piece'] as const;

/** Spec rule: beverage and milk by the liter; fruit, bakery, sweet, vegetable, snack by the kg; anything else by the piece. */
export function unitForCategory(category: string): Unit {
  if (category === 'beverage' || category === 'milk') return 'liter';
  if (['fruit', 'bakery', 'sweet', 'vegetable', 'snack'].includes(category)) return 'kg';
  return 'piece';
}

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** The six category pages linked from the home carousel, with their spec routes. */
export const FEATURED_CATEGORY_ROUTES = [
  { path: '/milkProducts', category: 'milk', title: 'Milk and Dairy' },
  { path: '/vegetableProducts', category: 'vegetable', title: 'Vegetables' },
  { path: '/beveragesProducts', category: 'beverage', title: 'Beverages' },
  { path: '/fruitProducts', category: 'fruit', title: 'Fruits' },
  { path: '/sweetProducts', category: 'sweet', title: 'Sweet and Dessert' },
  { path: '/snackProducts', category: 'snacks', title: 'Snacks' },
] as const satisfies readonly { path: string; category: CategoryValue; title: string }[];
