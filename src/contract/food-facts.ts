import { z } from 'zod';

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

/** The bitmask of some names of `list` (bit i for list[i]). */
export function maskOf<T extends string>(list: readonly T[], names: readonly T[]): number {
  return names.reduce((mask, name) => mask | (1 << list.indexOf(name)), 0);
}

/** The names of `list` a bitmask holds, in the list's order. */
export function namesOf<T extends string>(list: readonly T[], mask: number): T[] {
  return list.filter((_, i) => (mask & (1 << i)) !== 0);
}

/** The names of `list` given, each once, in the list's order (so equal choices read and cache the same). */
const inOrder =
  <T extends string>(list: readonly T[]) =>
  (names: readonly T[]) =>
    list.filter((n) => names.includes(n));

/**
 * Names of `list` in a request body (an array): each known, each kept once, in the list's order. An unknown name is
 * reported on the field itself ("Allergens are among: celery, …"), as a form shows it.
 */
function namesField<T extends string>(list: readonly T[], plural: string) {
  return z
    .array(z.unknown(), { error: `${plural} are a list` })
    .max(list.length * 2, `Too many ${plural.toLowerCase()}`)
    .transform((names, ctx) => {
      if (!names.every((n) => (list as readonly unknown[]).includes(n))) {
        ctx.issues.push({ code: 'custom', message: `${plural} are among: ${list.join(', ')}`, input: names });
        return z.NEVER;
      }
      return inOrder(list)(names as T[]);
    });
}

/** A product's allergens in a request body: an array of the names above. */
export const allergensField = namesField(ALLERGENS, 'Allergens');

// A vegan product is vegetarian too: it is found by either filter.
export const labelsField = namesField(LABELS, 'Labels').transform((names) =>
  names.includes('vegan') ? inOrder(LABELS)([...names, 'vegetarian']) : names,
);

/** Allergens a label rules out: a product cannot say both. */
const RULED_OUT: Partial<Record<Label, Allergen[]>> = {
  vegan: ['milk', 'eggs', 'fish', 'crustaceans', 'molluscs'],
  vegetarian: ['fish', 'crustaceans', 'molluscs'],
  'gluten-free': ['cereals containing gluten'],
};

/** The first label the allergens contradict, as a message for the labels field ("A vegan product has no milk"). */
export function labelConflict(labels: readonly Label[], allergens: readonly Allergen[]): string | undefined {
  for (const label of labels) {
    const clash = RULED_OUT[label]?.find((a) => allergens.includes(a));
    if (clash) return `A ${label} product cannot contain ${clash}`;
  }
  return undefined;
}

/** What a product's ingredients line may hold (a grocery label's list of ingredients). */
export const MAX_INGREDIENTS = 2000;

/**
 * A comma-separated query parameter of names of `list` (`labels=vegan,organic`): each name known, each kept once,
 * in the list's order; empty means none.
 */
export function namesParam<T extends string>(list: readonly T[], what: string) {
  const error = `Unknown ${what}. Use some of: ${list.join(', ')}`;
  return z
    .string()
    .max(400, { error, abort: true })
    .transform((text, ctx) => {
      const names = text
        .split(',')
        .map((n) => n.trim().toLowerCase())
        .filter((n) => n !== '');
      const unknown = names.filter((n) => !(list as readonly string[]).includes(n));
      if (unknown.length > 0) {
        ctx.issues.push({
          code: 'custom',
          message: `Unknown ${what}: ${unknown.join(', ')}. Use some of: ${list.join(', ')}`,
          input: text,
        });
        return z.NEVER;
      }
      return inOrder(list)(names as T[]);
    })
    .optional();
}

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
