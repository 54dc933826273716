import { capitalized, ingredientParts, type Label } from '#contract/food-fact-names.ts';
import type { Product } from '#contract/products.ts';

/** A vegan product is vegetarian too: a card says only the stronger of the two. */
const shownLabels = (labels: readonly Label[]) =>
  labels.includes('vegan') ? labels.filter((l) => l !== 'vegetarian') : [...labels];

/** The product's dietary labels as badges ("Organic", "Vegan"); at most `max` of them (cards). */
export function LabelBadges({
  labels,
  max,
  className = '',
}: {
  labels: readonly Label[];
  max?: number;
  className?: string;
}) {
  const shown = shownLabels(labels).slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Dietary labels" className={`flex flex-wrap gap-1 ${className}`}>
      {shown.map((label) => (
        <li key={label} className="badge badge-sm badge-outline badge-success whitespace-nowrap">
          {capitalized(label)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The ingredients line with each allergen in bold, as a food label prints it, and "Contains: Milk, Eggs" (or that it
 * holds none of the 14 major allergens).
 */
export function IngredientsLine({ product }: { product: Pick<Product, 'ingredients' | 'allergens'> }) {
  const parts = ingredientParts(product.ingredients, product.allergens);
  return (
    <div className="mt-4 text-sm">
      {parts.length > 0 ? (
        <p>
          <span className="font-semibold">Ingredients: </span>
          {parts.map((part, i) =>
            part.allergen ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
              <strong key={i}>{part.text}</strong>
            ) : (
              part.text
            ),
          )}
        </p>
      ) : null}
      <p className="mt-1">
        {product.allergens.length > 0 ? (
          <>
            <span className="font-semibold">Contains: </span>
            <strong>{product.allergens.map(capitalized).join(', ')}</strong>
          </>
        ) : (
          'Contains none of the 14 major allergens.'
        )}
      </p>
    </div>
  );
}
