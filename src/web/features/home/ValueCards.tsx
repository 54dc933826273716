import prices from '@lobehub/fluent-emoji-3d/assets/1f3f7-fe0f.webp';
import assortment from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import delivery from '@lobehub/fluent-emoji-3d/assets/1f69a.webp';
import deal from '@lobehub/fluent-emoji-3d/assets/1f381.webp';
import returns from '@lobehub/fluent-emoji-3d/assets/1f501.webp';
import { Link } from 'react-router';
import { CATEGORIES } from '#contract/categories.ts';
import { RETURNS_POLICY, RETURNS_POLICY_ANCHOR } from '#contract/policies.ts';
import { paths } from '../../paths.ts';

const CARDS = [
  { image: prices, title: 'Best prices & offers', text: 'Prices set by the makers' },
  { image: delivery, title: 'Free delivery', text: 'No delivery fee on any order' },
  { image: assortment, title: 'Wide assortment', text: `${CATEGORIES.length} categories of local food` },
  { image: deal, title: 'Great daily deal', text: 'A real discount, every day' },
  {
    image: returns,
    title: RETURNS_POLICY.title,
    text: RETURNS_POLICY.short,
    to: `${paths.about}#${RETURNS_POLICY_ANCHOR}`,
  },
] as const;

/** The five promises of the home page, each one the site keeps (the returns card links to the policy). */
export function ValueCards() {
  return (
    <section aria-label="Why shop with us" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {CARDS.map((card) => (
          <li key={card.title} className="flex min-w-0 items-center gap-3 rounded-box bg-base-200 p-4">
            <img src={card.image} alt="" width="56" height="56" loading="lazy" className="size-14" />
            <div>
              <h3 className="font-bold">{card.title}</h3>
              <p className="text-sm">
                {'to' in card ? (
                  <Link to={card.to} className="link">
                    {card.text}
                  </Link>
                ) : (
                  card.text
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
