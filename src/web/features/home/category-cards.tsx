import { Link } from 'react-router';
import { CATEGORY_LINKS } from '#contract/categories.ts';
import { CATEGORY_PICTURES } from '../../ui/category-pictures.ts';

const COLORS = ['bg-lime-50', 'bg-emerald-50', 'bg-sky-50', 'bg-rose-50', 'bg-amber-50', 'bg-orange-50'];

/** Every category, each a card of the 'Browse All Category' carousel. */
export const CATEGORY_CARDS = CATEGORY_LINKS;

/** A card of the 'Browse All Category' carousel: the category's picture and its one name. */
export function CategoryCard({ index }: { index: number }) {
  const category = CATEGORY_CARDS[index];
  return (
    <Link
      to={category.path}
      className={`flex h-full flex-col items-center gap-2 rounded-box border border-base-300 p-4 text-center font-semibold transition hover:border-primary hover:shadow ${COLORS[index % COLORS.length]}`}
    >
      <img
        src={CATEGORY_PICTURES[category.category]}
        alt=""
        width="96"
        height="96"
        loading="lazy"
        className="size-20"
      />
      {category.title}
    </Link>
  );
}
