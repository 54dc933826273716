import { Phone, Store } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { planPriceText } from '#contract/subscription-words.ts';
import { ApiError, errorMessage, failureTitle } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { ComingBoxes } from './ComingBoxes.tsx';
import { PlanContents, PlanPrice, PlanSchedule } from './PlanFacts.tsx';
import { usePlan, usePlanBoxes } from './plans.ts';
import { SubscribeSection } from './SubscribeSection.tsx';

/** What the page says when the plan is not shown (ended, over, its shop not listed) or could not be read. */
function PlanGone({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const gone = error instanceof ApiError && [400, 404].includes(error.status);
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <PageMeta title="Plan not found" />
      <h1 className="text-3xl font-bold">{gone ? 'This plan is not offered' : failureTitle(error)}</h1>
      <p className="mt-2">
        {gone ? 'It may have ended. The farms list their plans on their pages.' : errorMessage(error)}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {gone ? null : (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link to={paths.shopList} className={gone ? 'btn btn-primary' : 'btn btn-outline'}>
          See all shops
        </Link>
      </div>
    </div>
  );
}

/**
 * A subscription plan's own page: what a delivery holds, its price, how often and where, and subscribing to it (a time,
 * a first day and a saved card; decision 069), with the farm's phone for questions.
 */
export function PlanPage() {
  const { id = '' } = useParams();
  const plan = usePlan(id);
  const boxes = usePlanBoxes(id);
  if (plan.isPending) return <PageLoader label="Loading the plan" />;
  if (plan.isError) return <PlanGone error={plan.error} onRetry={() => plan.refetch()} />;
  const p = plan.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <PageMeta
        title={`${p.name} · ${p.shop.name}`}
        description={`${p.name} from ${p.shop.name}: ${planPriceText(p)}.`}
        canonical={paths.subscriptionPlan(p.id)}
      />
      <Link to={paths.shopDetails(p.shop.id)} className="link flex items-center gap-1">
        <Store size={18} aria-hidden="true" /> {p.shop.name}
      </Link>
      <h1 className="mt-2 text-3xl font-bold">{p.name}</h1>
      <p className="mt-1 text-sm">
        {p.kind === 'box' ? 'Farm box' : 'Fixed share'} subscription
        {p.state === 'upcoming' && p.startsOn ? ' · not started yet' : ''}
      </p>
      <section aria-label="Price" className="mt-4 rounded-box bg-accent p-4 text-accent-content">
        <PlanPrice plan={p} />
      </section>
      {p.description ? <p className="mt-4 whitespace-pre-line">{p.description}</p> : null}
      <section aria-labelledby="plan-contents" className="mt-6">
        <h2 id="plan-contents" className="text-xl font-bold">
          Each delivery
        </h2>
        <div className="mt-2">
          <PlanContents plan={p} />
          {p.kind === 'box' ? <ComingBoxes boxes={boxes.data?.boxes ?? []} /> : null}
        </div>
      </section>
      <section aria-labelledby="plan-schedule" className="mt-6">
        <h2 id="plan-schedule" className="text-xl font-bold">
          When and where
        </h2>
        <div className="mt-2">
          <PlanSchedule plan={p} />
        </div>
      </section>
      <section aria-labelledby="plan-join" className="mt-6 rounded-box border border-base-300 p-4">
        <h2 id="plan-join" className="text-xl font-bold">
          Subscribe
        </h2>
        <SubscribeSection plan={p} />
        {p.shop.phone ? (
          <p className="mt-3 text-sm">
            Questions about the plan? Call the farm:{' '}
            <a href={`tel:${p.shop.phone.replace(/[^+\d]/g, '')}`} className="link inline-flex items-center gap-1">
              <Phone size={14} aria-hidden="true" /> {p.shop.phone}
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}
