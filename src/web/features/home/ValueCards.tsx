import prices from '@lobehub/fluent-emoji-3d/assets/1f3f7-fe0f.webp';
import assortment from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import delivery from '@lobehub/fluent-emoji-3d/assets/1f69a.webp';
import deal from '@lobehub/fluent-emoji-3d/assets/1f381.webp';
import returns from '@lobehub/fluent-emoji-3d/assets/1f501.webp';

const CARDS = [
  { image: prices, title: 'Best prices & offers', text: 'Orders $50 or more' },
  { image: delivery, title: 'Free delivery', text: '24/7 amazing services' },
  { image: assortment, title: 'Wide assortment', text: 'Mega discounts' },
  { image: deal, title: 'Great daily deal', text: 'When you sign up' },
  { image: returns, title: 'Easy returns', text: 'Within 30 days' },
] as const;

/** The five promises of the home page. */
export function ValueCards() {
  return (
    <section aria-label="Why shop with us" className="mx-auto max-w-7xl px-4 py-10">
      <ul className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 lg:grid-cols-5">
        {CARDS.map((card) => (
          <li key={card.title} className="flex min-w-0 items-center gap-3 rounded-box bg-base-200 p-4">
            <img src={card.image} alt="" width="56" height="56" loading="lazy" className="size-14" />
            <div>
              <h3 className="font-bold">{card.title}</h3>
              <p className="text-sm">{card.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
