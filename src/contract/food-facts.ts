import { z } from 'zod';
import { ALLERGENS, type Allergen, LABELS, type Label } from './food-fact-names.ts';

export {
  ALLERGENS,
  type Allergen,
  capitalized,
  ingredientParts,
  LABELS,
  type Label,
  madeOnLabel,
} from './food-fact-names.ts';

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
