// Without zod: cards and the product page show these, and the schemas must not load with every page (food-facts.ts
// re-exports them).

/**
 * The 14 major allergens, as the API names them. The order is fixed: a product keeps them as one bitmask (bit i for
 * ALLERGENS[i]), so never reorder or remove one, only append.
 */
export const ALLERGENS = [
  'celery',
  'cereals containing gluten',
  'crustaceans',
  'eggs',
  'fish',
  'lupin',
  'milk',
  'molluscs',
  'mustard',
  'tree nuts',
  'peanuts',
  'sesame',
  'soya',
  'sulphites',
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** Dietary labels, kept like the allergens as a bitmask in this fixed order. */
export const LABELS = ['organic', 'vegan', 'vegetarian', 'gluten-free', 'lactose-free'] as const;
export type Label = (typeof LABELS)[number];

/** How a screen names each one ("Cereals containing gluten", "Gluten-free"). */
export const capitalized = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * The parts of an ingredients line, each marked when it names one of `allergens` ("Wheat flour, water, **milk**"):
 * screens show the marked parts in bold. A part is marked when it holds an allergen's name or a common word for it
 * (wheat, rye, barley and oats for cereals containing gluten; almond, walnut… for tree nuts; soy for soya).
 */
export function ingredientParts(
  ingredients: string,
  allergens: readonly Allergen[],
): { text: string; allergen: boolean }[] {
  const words = allergens.flatMap((a) => ALLERGEN_WORDS[a]);
  if (words.length === 0 || ingredients === '')
    return ingredients === '' ? [] : [{ text: ingredients, allergen: false }];
  const pattern = new RegExp(`\\b(${words.map(escapeRegExp).join('|')})\\w*`, 'gi');
  const parts: { text: string; allergen: boolean }[] = [];
  let last = 0;
  for (const match of ingredients.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: ingredients.slice(last, match.index), allergen: false });
    parts.push({ text: match[0], allergen: true });
    last = match.index + match[0].length;
  }
  if (last < ingredients.length) parts.push({ text: ingredients.slice(last), allergen: false });
  return parts;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The words an ingredients line uses for each allergen (their stems: "egg" also marks "eggs"). */
const ALLERGEN_WORDS: Record<Allergen, string[]> = {
  celery: ['celery', 'celeriac'],
  'cereals containing gluten': ['wheat', 'rye', 'barley', 'oat', 'spelt', 'gluten', 'semolina', 'malt'],
  crustaceans: ['crab', 'lobster', 'prawn', 'shrimp', 'crayfish', 'crustacean'],
  eggs: ['egg'],
  fish: ['fish', 'salmon', 'trout', 'cod', 'tuna', 'anchov'],
  lupin: ['lupin'],
  milk: ['milk', 'cream', 'butter', 'cheese', 'whey', 'yogurt', 'yoghurt', 'lactose'],
  molluscs: ['mussel', 'oyster', 'clam', 'squid', 'scallop', 'mollusc'],
  mustard: ['mustard'],
  'tree nuts': ['almond', 'hazelnut', 'walnut', 'cashew', 'pecan', 'pistachio', 'macadamia', 'brazil nut'],
  peanuts: ['peanut'],
  sesame: ['sesame', 'tahini'],
  soya: ['soy', 'tofu', 'edamame'],
  sulphites: ['sulphite', 'sulfite', 'sulphur dioxide'],
};

/** What productManufacturingDate means for the category: fresh fruit and vegetables are harvested, the rest made. */
export const madeOnLabel = (category: string) =>
  category === 'vegetable' || category === 'fruit' ? 'Harvested' : 'Produced';
