import { Link } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import {
  boxContentLines,
  FREQUENCY_NAMES,
  noticeText,
  planPriceText,
  seasonText,
} from '#contract/subscription-words.ts';
import type { SubscriptionPlan } from '#contract/subscriptions.ts';
import { paths } from '../../paths.ts';

type Plan = Omit<SubscriptionPlan, 'endedAt'>;

/** "Eggs (Dozen)" */
const itemName = (item: Plan['items'][number]) =>
  `${item.productName}${item.optionLabel ? ` (${item.optionLabel})` : ''}`;

/** The plan's price in words, with what a delivery is worth when subscribers get a discount. */
export function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <div>
      <p className="text-xl font-bold">{planPriceText(plan)}</p>
      {plan.discountPercent ? (
        <p className="text-sm">
          A delivery is worth {formatDollars(plan.deliveryValue)}; subscribers get {plan.discountPercent}% off (
          {formatDollars(plan.deliveryPrice)}).
        </p>
      ) : null}
    </div>
  );
}

/** What one delivery holds: the fixed list with its prices, or the box's value and what usually goes in it. */
export function PlanContents({ plan }: { plan: Plan }) {
  if (plan.kind === 'box') {
    return (
      <div>
        <p>
          A box worth {formatDollars(plan.boxValue ?? 0)}, filled for each delivery with what the farm has ready.
          Usually in it:
        </p>
        <ul className="mt-2 list-disc ps-6">
          {boxContentLines(plan.boxContents).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-base-300">
      {plan.items.map((item) => (
        <li key={item.optionId} className="flex flex-wrap justify-between gap-x-4 py-1">
          <span>
            {item.quantity} ×{' '}
            {item.onSale ? (
              <Link to={paths.productDetails(item.productId)} className="link link-hover">
                {itemName(item)}
              </Link>
            ) : (
              <>
                {itemName(item)} <span className="badge badge-ghost">not on sale now</span>
              </>
            )}
          </span>
          <span className="tabular-nums">{formatDollars(item.unitPrice)} each</span>
        </li>
      ))}
    </ul>
  );
}

/** How often, over which season, from which pickup or delivery times, and how many subscribers it takes. */
export function PlanSchedule({ plan }: { plan: Plan }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="font-semibold">How often</dt>
      <dd>{FREQUENCY_NAMES[plan.frequency]}</dd>
      <dt className="font-semibold">Season</dt>
      <dd>{seasonText(plan.startsOn, plan.endsOn)}</dd>
      <dt className="font-semibold">Pickup or delivery</dt>
      <dd>
        {plan.windows.length === 0 ? (
          'No times set yet'
        ) : (
          <ul>
            {plan.windows.map((window) => (
              <li key={window.id}>{window.label}</li>
            ))}
          </ul>
        )}
      </dd>
      {plan.cap === null ? null : (
        <>
          <dt className="font-semibold">Places</dt>
          <dd>Up to {plan.cap} subscribers</dd>
        </>
      )}
      <dt className="font-semibold">Cancelling</dt>
      <dd>{noticeText(plan.noticeDays)}</dd>
    </dl>
  );
}
