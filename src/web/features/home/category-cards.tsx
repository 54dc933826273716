import beverage from '@lobehub/fluent-emoji-3d/assets/1f9c3.webp';
import fruit from '@lobehub/fluent-emoji-3d/assets/1f34e.webp';
import milk from '@lobehub/fluent-emoji-3d/assets/1f95b.webp';
import sweet from '@lobehub/fluent-emoji-3d/assets/1f370.webp';
import vegetable from '@lobehub/fluent-emoji-3d/assets/1f966.webp';
import snacks from '@lobehub/fluent-emoji-3d/assets/1f968.webp';
import { Link } from 'react-router';
import { FEATURED_CATEGORY_ROUTES } from '#contract/categories.ts';

const PICTURES: Record<string, string> = { milk, vegetable, beverage, fruit, sweet, snacks };
const COLORS = ['bg-lime-50', 'bg-emerald-50', 'bg-sky-50', 'bg-rose-50', 'bg-amber-50', 'bg-orange-50'];

export const CATEGORY_CARDS = FEATURED_CATEGORY_ROUTES;

/** A card of the 'Browse All Category' carousel. */
export function CategoryCard({ index }: { index: number }) {
  const category = FEATURED_CATEGORY_ROUTES[index];
  return (
    <Link
      to={category.path}
      className={`flex flex-col items-center gap-2 rounded-box border border-base-300 p-4 text-center font-semibold transition hover:border-primary hover:shadow ${COLORS[index]}`}
    >
      <img src={PICTURES[category.category]} alt="" width="96" height="96" loading="lazy" className="size-20" />
      {category.title}
    </Link>
  );
}
