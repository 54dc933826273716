import money from '@lobehub/fluent-emoji-3d/assets/1f4b2.webp';
import basket from '@lobehub/fluent-emoji-3d/assets/1f6d2.webp';
import star from '@lobehub/fluent-emoji-3d/assets/1f31f.webp';
import apple from '@lobehub/fluent-emoji-3d/assets/1f34e.webp';
import truck from '@lobehub/fluent-emoji-3d/assets/1f69a.webp';
import gift from '@lobehub/fluent-emoji-3d/assets/1f381.webp';
import farmerMan from '@lobehub/fluent-emoji-3d/assets/1f468-200d-1f33e.webp';
import manager from '@lobehub/fluent-emoji-3d/assets/1f469-200d-1f4bc.webp';
import farmerWoman from '@lobehub/fluent-emoji-3d/assets/1f469-200d-1f33e.webp';
import carrot from '@lobehub/fluent-emoji-3d/assets/1f955.webp';
import type { ReactNode } from 'react';
import { DEAL_DAYS, DEAL_DISCOUNT_PERCENT, DEALS_SHOWN } from '#contract/deals.ts';
import { deliveryDetails } from '#contract/delivery-terms-text.ts';
import { RETURNS_POLICY, RETURNS_POLICY_ANCHOR } from '#contract/policies.ts';
import { useDeliveryTerms } from '../../api/delivery-terms.ts';
import { ContactLines } from '../../layout/ContactLines.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';

type Provided = { image: string; title: string; text: string };

/** What the market provides; pickup and delivery as the shops' settings say (null until they are read). */
function provides(handover: string | null): Provided[] {
  return [
    {
      image: money,
      title: 'Best prices & offers',
      text: 'Fair prices set by the farmers and makers themselves, with deals and coupon codes.',
    },
    {
      image: basket,
      title: 'Wide assortment',
      text: 'Dairy, vegetables, fruit, bakery, sweets, grains and more from shops near you.',
    },
    {
      image: truck,
      title: 'Pickup & delivery',
      text: handover ?? 'Each shop sets its pickup points, its delivery area and its fees.',
    },
    {
      image: gift,
      title: 'Deals',
      text: `A deal takes ${DEAL_DISCOUNT_PERCENT}% or more off a product for up to ${DEAL_DAYS} days; the home page shows ${DEALS_SHOWN} at a time, each with its old price and a countdown to its end.`,
    },
    {
      image: star,
      title: 'Honest reviews',
      text: 'Every review by a shopper who bought the product is marked “Verified purchase”.',
    },
    {
      image: carrot,
      title: 'Straight from the maker',
      text: 'Every product comes from the shop that made or grew it.',
    },
  ];
}

const TEAM = [
  { image: farmerWoman, name: 'Amara Okafor', role: 'Co-founder & sourcing' },
  { image: manager, name: 'Lena Fischer', role: 'Co-founder & operations' },
  { image: farmerMan, name: 'Diego Ramírez', role: 'Head of shop success' },
] as const;

/** A titled section of the page holding a grid of cards. */
function CardList({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-16">
      <h2 id={id} className="text-center text-3xl font-bold">
        {title}
      </h2>
      <ul className={`mt-8 grid gap-6 ${className}`}>{children}</ul>
    </section>
  );
}

/** A centred card: its picture, a title and a line of text. */
function Card({
  className,
  title,
  text,
  children,
}: {
  className: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <li className={`card ${className}`}>
      <div className="card-body items-center text-center">
        {children}
        <h3 className="card-title">{title}</h3>
        <p>{text}</p>
      </div>
    </li>
  );
}

export function AboutPage() {
  const terms = useDeliveryTerms();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageMeta
        title="About us"
        description="Farmstall brings local farms, dairies and bakeries to your table: who we are and how the market works."
        canonical="/about"
      />
      <section className="grid items-center gap-8 lg:grid-cols-2">
        <div>
          <h1 className="text-4xl font-bold">Welcome to Farmstall</h1>
          <p className="mt-4 text-lg">
            Farmstall is a grocery store for local food. We bring the farmers, bakers, dairies and makers of your region
            to one market, so you can fill your basket with fresh food from people you can name, and they can sell
            without middlemen.
          </p>
          <p className="mt-4">
            Every shop on Farmstall sets its own prices and hands over its own orders, at its pickup points or by its
            own delivery. We take care of the rest: a fair marketplace, secure card payments, honest reviews and a
            support team that answers six days a week.
          </p>
        </div>
        <img src={apple} alt="A fresh red apple" width="256" height="256" className="mx-auto" />
      </section>

      <CardList id="about-provide" title="What We Provide" className="sm:grid-cols-2 lg:grid-cols-3">
        {provides(terms.data ? deliveryDetails(terms.data) : null).map((item) => (
          <Card key={item.title} className="border border-base-300 bg-base-100" title={item.title} text={item.text}>
            <img src={item.image} alt="" width="72" height="72" loading="lazy" />
          </Card>
        ))}
      </CardList>

      <section id={RETURNS_POLICY_ANCHOR} aria-labelledby="about-returns" className="mt-16 scroll-mt-24">
        <h2 id="about-returns" className="text-center text-3xl font-bold">
          Returns and refunds
        </h2>
        <div className="mx-auto mt-6 max-w-3xl rounded-box bg-base-200 p-6">
          <h3 className="text-lg font-bold">{RETURNS_POLICY.title}</h3>
          <p className="mt-2">{RETURNS_POLICY.text}</p>
          <p className="mt-2">The same words are printed on every invoice.</p>
        </div>
      </section>

      <section aria-labelledby="about-contact" className="mt-16">
        <h2 id="about-contact" className="text-center text-3xl font-bold">
          Find us
        </h2>
        <ContactLines className="mx-auto mt-6 w-fit space-y-2" />
      </section>

      <CardList id="about-team" title="Our Team" className="sm:grid-cols-3">
        {TEAM.map((person) => (
          <Card key={person.name} className="bg-base-200" title={person.name} text={person.role}>
            <img src={person.image} alt={`Portrait of ${person.name}`} width="120" height="120" loading="lazy" />
          </Card>
        ))}
      </CardList>
    </div>
  );
}
