import { useState } from 'react';
import { Link } from 'react-router';
import { seasonText } from '#contract/subscription-words.ts';
import type { PlanChoices, PlanState, SubscriptionPlan } from '#contract/subscriptions.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { confirmAction } from '../../ui/confirm.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { PlanContents, PlanPrice, PlanSchedule } from './PlanFacts.tsx';
import { PlanForm } from './PlanForm.tsx';
import { useEndPlan, usePlanChoices, useVendorPlans } from './plans.ts';

const STATE: Record<PlanState, { label: string; className: string }> = {
  open: { label: 'Open', className: 'border-green-700 bg-green-700 text-white' },
  upcoming: { label: 'Starts later', className: 'border-sky-700 bg-sky-50 text-sky-900' },
  season_over: { label: 'Season over', className: 'border-base-300 bg-base-200 text-base-content' },
  ended: { label: 'Ended', className: 'border-base-300 bg-base-200 text-base-content' },
};

/** One plan: its facts, a link to its public page while shoppers see it, and Change and End while it runs. */
function PlanCard({ plan, shopId, choices }: { plan: SubscriptionPlan; shopId: string; choices: PlanChoices }) {
  const [editing, setEditing] = useState(false);
  const end = useEndPlan(shopId);
  const shown = plan.state === 'open' || plan.state === 'upcoming';

  if (editing) return <PlanForm shopId={shopId} choices={choices} plan={plan} onDone={() => setEditing(false)} />;

  const onEnd = async () => {
    const sure = await confirmAction({
      title: `End ${plan.name}?`,
      text: 'Shoppers will no longer see it. It stays in your list, and cannot be started again.',
      confirmText: 'End the plan',
      danger: true,
    });
    if (!sure) return;
    try {
      await end.mutateAsync(plan.id);
      toast.success(`${plan.name} has ended`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };

  return (
    <article aria-labelledby={`plan-${plan.id}`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`plan-${plan.id}`} className="text-xl font-bold">
          {plan.name}
        </h2>
        <span className={`badge ${STATE[plan.state].className}`}>{STATE[plan.state].label}</span>
      </div>
      <p className="text-sm">
        {plan.kind === 'box' ? 'Box' : 'Fixed list'} · {seasonText(plan.startsOn, plan.endsOn)}
      </p>
      <div className="mt-3">
        <PlanPrice plan={plan} />
      </div>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <PlanContents plan={plan} />
        <PlanSchedule plan={plan} />
      </div>
      {plan.state === 'ended' ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => setEditing(true)}>
            Change
          </button>
          <button type="button" className="btn btn-outline btn-error btn-sm" onClick={onEnd} disabled={end.isPending}>
            End the plan
          </button>
          {shown ? (
            <Link to={paths.subscriptionPlan(plan.id)} className="btn btn-ghost btn-sm">
              See its public page
            </Link>
          ) : null}
        </div>
      )}
    </article>
  );
}

/** Vendor: the shop's subscription plans (veg boxes, shares), made, changed and ended here. */
export function VendorPlansPage() {
  const { user } = useAuth();
  const shopId = user?.id ?? '';
  const plans = useVendorPlans(shopId);
  const choices = usePlanChoices(shopId);
  const [adding, setAdding] = useState(false);

  if (plans.isPending || choices.isPending) return <PageLoader label="Loading your plans" />;
  if (plans.isError) return <LoadError error={plans.error} onRetry={() => plans.refetch()} />;
  if (choices.isError) return <LoadError error={choices.error} onRetry={() => choices.refetch()} />;

  return (
    <div className="max-w-4xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Subscriptions</h1>
        {adding ? null : (
          <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
            New plan
          </button>
        )}
      </div>
      <p className="mt-2 max-w-prose">
        A plan is a weekly box or a share your members get on a schedule. Open plans show on your shop page and on their
        own page. Shoppers cannot subscribe online yet: a plan's page asks them to contact you, by your shop's phone
        number or the address on your shop page.
      </p>
      {adding ? (
        <div className="mt-4">
          <PlanForm shopId={shopId} choices={choices.data} onDone={() => setAdding(false)} />
        </div>
      ) : null}
      {plans.data.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">No plans yet.</p>
      ) : (
        <div className="mt-6 grid gap-4">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} shopId={shopId} choices={choices.data} />
          ))}
        </div>
      )}
    </div>
  );
}
