import { Link } from 'react-router';
import { FREQUENCY_NAMES, planPriceText, seasonText } from '#contract/subscription-words.ts';
import type { PublicPlan } from '#contract/subscriptions.ts';
import { paths } from '../../paths.ts';

/** The shop's subscription plans (decision 065), each a card linking to its own page; nothing when it has none. */
export function ShopPlans({ plans }: { plans: Omit<PublicPlan, 'shop'>[] | undefined }) {
  if (!plans || plans.length === 0) return null;
  return (
    <section aria-labelledby="shop-plans" className="mt-6">
      <h2 id="shop-plans" className="text-2xl font-bold">
        Subscriptions
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id} className="rounded-box border border-base-300 bg-base-100 p-4">
            <h3 className="text-lg font-bold">
              <Link to={paths.subscriptionPlan(plan.id)} className="link link-hover">
                {plan.name}
              </Link>
            </h3>
            <p className="text-sm">
              {plan.kind === 'box' ? 'Farm box' : 'Fixed share'} · {FREQUENCY_NAMES[plan.frequency]} ·{' '}
              {seasonText(plan.startsOn, plan.endsOn)}
            </p>
            <p className="mt-2 font-semibold">{planPriceText(plan)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
