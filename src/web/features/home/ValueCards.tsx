import prices from '@lobehub/fluent-emoji-3d/assets/1f3f7-fe0f.webp';
import assortment from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import delivery from '@lobehub/fluent-emoji-3d/assets/1f69a.webp';
import deal from '@lobehub/fluent-emoji-3d/assets/1f381.webp';
import returns from '@lobehub/fluent-emoji-3d/assets/1f501.webp';
import { Link } from 'react-router';
import { CATEGORIES } from '#contract/categories.ts';
import { dealsText } from '#contract/deals.ts';
import { handoverText } from '#contract/delivery-terms-text.ts';
import { RETURNS_POLICY, RETURNS_POLICY_ANCHOR } from '#contract/policies.ts';
import { useDeliveryTerms } from '../../api/delivery-terms.ts';
import { paths } from '../../paths.ts';
import { useDeals } from './get-deals.ts';

type Card = { image: string; title: string; text: string; to?: string };

/**
 * The five promises of the home page, each one the site keeps: the pickup and delivery card says what the shops'
 * settings charge, the deals card what a deal takes off and for how long; the returns card links to the policy.
 */
export function ValueCards() {
  const terms = useDeliveryTerms();
  const deals = useDeals();
  const cards: Card[] = [
    { image: prices, title: 'Best prices & offers', text: 'Prices set by the makers' },
    { image: delivery, title: 'Pickup & delivery', text: terms.data ? handoverText(terms.data) : '' },
    { image: assortment, title: 'Wide assortment', text: `${CATEGORIES.length} categories of local food` },
    { image: deal, title: 'Deals', text: deals.data ? dealsText(deals.data.map((d) => d.deal.discountPercent)) : '' },
    {
      image: returns,
      title: RETURNS_POLICY.title,
      text: RETURNS_POLICY.short,
      to: `${paths.about}#${RETURNS_POLICY_ANCHOR}`,
    },
  ];
  return (
    <section aria-label="Why shop with us" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {cards.map((card) => (
          <li key={card.title} className="flex min-w-0 items-center gap-3 rounded-box bg-base-200 p-4">
            <img src={card.image} alt="" width="56" height="56" loading="lazy" className="size-14" />
            <div>
              <h3 className="font-bold">{card.title}</h3>
              <p className="text-sm">
                {card.to ? (
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
