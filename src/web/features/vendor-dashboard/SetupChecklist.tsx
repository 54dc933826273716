import { Circle, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { PayoutAccount } from '#contract/payouts.ts';
import type { FulfilmentSettings } from '#contract/slots.ts';
import type { VendorStats } from '#contract/stats.ts';
import { paths } from '../../paths.ts';

type Step = { label: string; to: string; done: boolean | undefined; hint: string };

/** What the checklist reads: the shop's figures, and its fulfilment and payout account once they are in. */
export type SetupFacts = { stats: VendorStats; fulfilment?: FulfilmentSettings; payouts?: PayoutAccount };

/** What a new shop sets up before it sells, each ticked from the shop's own data (undefined: not known yet). */
function stepsOf({ stats, fulfilment, payouts }: SetupFacts): Step[] {
  return [
    {
      label: 'Shop details',
      to: paths.dashboard.shopProfile,
      done: Boolean(stats.shop && stats.shopAddress && stats.shopPhone && stats.shopImage),
      hint: 'Name, address, phone and picture',
    },
    {
      label: 'Your first product',
      to: paths.dashboard.addProduct,
      done: stats.totalProducts > 0,
      hint: 'What shoppers can buy',
    },
    {
      label: 'Pickup or delivery',
      to: paths.dashboard.fulfilment,
      done: fulfilment && (fulfilment.pickupPoints.length > 0 || fulfilment.delivery !== null),
      hint: 'Where and when shoppers get their orders',
    },
    {
      label: 'Payouts',
      to: paths.dashboard.payouts,
      done: payouts && payouts.status === 'verified',
      hint: payouts?.status === 'pending' ? 'Finish connecting your bank account' : 'Your bank account, to be paid',
    },
  ];
}

/** The vendor home's setup checklist: each step a link to where it is done, ticked once it is. */
export function SetupChecklist(facts: SetupFacts) {
  const steps = stepsOf(facts);
  const done = steps.filter((step) => step.done).length;
  return (
    <section aria-labelledby="setup-title" className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <h2 id="setup-title" className="text-xl font-bold">
        {done === steps.length ? 'Your shop is set up' : 'Set up your shop'}
      </h2>
      <p className="mt-1">
        {done} of {steps.length} done
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {steps.map((step) => (
          <li key={step.label} className="flex items-start gap-3">
            {step.done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-success" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-base-content/60" />
            )}
            <div>
              <Link to={step.to} className="link font-semibold">
                {step.label}
              </Link>
              <span className="sr-only">{step.done ? ', done' : step.done === false ? ', to do' : ''}</span>
              <p className="text-sm">{step.done ? 'Done' : step.hint}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
