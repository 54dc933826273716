import { ChevronLeft, ChevronRight, ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { dateRangeText, dayText } from '#contract/fulfilment-labels.ts';
import { ROSTER_STATE_LABELS, type RosterDelivery, type RosterPlan, type RosterState } from '#contract/roster.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { toast } from '../../ui/toast.ts';
import { useRoster, useSetBox } from './roster.ts';

const STATE_CLASS: Record<RosterState, string> = {
  due: 'border-sky-700 bg-sky-50 text-sky-900',
  overdue: 'border-amber-700 bg-amber-50 text-amber-900',
  missed: 'border-red-700 bg-red-50 text-red-900',
  vacation: 'border-base-300 bg-base-200 text-base-content',
  paused: 'border-base-300 bg-base-200 text-base-content',
  skipped: 'border-base-300 bg-base-200 text-base-content',
  holiday: 'border-base-300 bg-base-200 text-base-content',
  ordered: 'border-green-700 bg-green-50 text-green-900',
  charged: 'border-green-700 bg-green-700 text-white',
  charge_failed: 'border-amber-700 bg-amber-50 text-amber-900',
  abandoned: 'border-red-700 bg-red-50 text-red-900',
  cancelled: 'border-base-300 bg-base-200 text-base-content',
};

/** YYYY-MM-DD `days` after `date`. */
function shift(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** A box plan's contents for one date: set (or changed) until that date's orders are made. */
function BoxContents({ plan, delivery, shopId }: { plan: RosterPlan; delivery: RosterDelivery; shopId: string }) {
  const setBox = useSetBox(shopId);
  const [contents, setContents] = useState(delivery.box ?? plan.usualBox ?? '');
  const id = `box-${plan.planId}-${delivery.date}-${delivery.windowId}`;
  if (!delivery.boxOpen)
    return (
      <p className="mt-2 text-sm">
        <span className="font-semibold">In the box:</span> {delivery.box ?? plan.usualBox}
      </p>
    );
  const onSave = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await setBox.mutateAsync({ planId: plan.planId, date: delivery.date, contents });
      toast.success(`The box of ${dayText(delivery.date)} is set`);
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <form className="mt-2" onSubmit={onSave}>
      <label htmlFor={id} className="text-sm font-semibold">
        This week’s box {delivery.box ? '(set)' : '(the usual contents until you set it)'}
      </label>
      <textarea
        id={id}
        className="textarea textarea-bordered mt-1 block w-full"
        rows={3}
        maxLength={2000}
        value={contents}
        onChange={(event) => setContents(event.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-sm mt-2" disabled={setBox.isPending}>
        Save the box
      </button>
    </form>
  );
}

function DeliveryCard({ plan, delivery, shopId }: { plan: RosterPlan; delivery: RosterDelivery; shopId: string }) {
  const headingId = `roster-${plan.planId}-${delivery.date}-${delivery.windowId}`;
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 bg-base-100 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-bold">
          {dayText(delivery.date)} · {delivery.window}
        </h3>
        <p className="text-sm">
          {delivery.packed} to pack · {delivery.subscribers.length}{' '}
          {delivery.subscribers.length === 1 ? 'subscriber' : 'subscribers'}
        </p>
      </div>
      {plan.kind === 'box' ? <BoxContents plan={plan} delivery={delivery} shopId={shopId} /> : null}
      {delivery.subscribers.length === 0 ? (
        <p className="mt-2 text-sm">No subscriber on this time yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-base-300">
          {delivery.subscribers.map((person) => (
            <li key={person.subscriptionId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-semibold">{person.name}</p>
                <p className="text-sm break-all">{person.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {person.orderNumber ? <span className="font-mono text-sm">{person.orderNumber}</span> : null}
                <span className={`badge ${STATE_CLASS[person.state]}`}>{ROSTER_STATE_LABELS[person.state]}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {delivery.packed > 0 ? (
        <Link to={paths.dashboard.pickList(delivery.slotId)} className="btn btn-outline btn-sm mt-3">
          <ClipboardList aria-hidden="true" className="size-4" />
          Pick list
        </Link>
      ) : null}
    </section>
  );
}

/** Vendor: this week's subscribers per plan, date and window, with skips, and the box contents to fill. */
export function RosterPage() {
  const { user } = useAuth();
  const shopId = user?.id ?? '';
  const [from, setFrom] = useState<string | undefined>(undefined);
  const roster = useRoster(shopId, from);

  if (roster.isPending) return <PageLoader label="Loading your subscribers" />;
  if (roster.isError) return <LoadError error={roster.error} onRetry={() => roster.refetch()} />;
  const week = roster.data;

  return (
    <div className="max-w-4xl">
      <h1 className="text-3xl font-bold">Subscribers this week</h1>
      <p className="mt-2 max-w-prose">
        Who gets each plan on which day, and who skips. Orders are made a few days before ordering closes, then paid
        with the subscriber’s saved card; a box plan’s contents can be set until then.{' '}
        <Link to={paths.dashboard.vendorSubscriptions} className="link">
          Your plans
        </Link>
      </p>
      <nav aria-label="Week" className="mt-4 flex flex-wrap items-center gap-2">
        <button type="button" className="btn btn-sm" onClick={() => setFrom(shift(week.from, -7))}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Week before
        </button>
        <p className="font-semibold" aria-live="polite">
          {dateRangeText(week.from, week.to)}
        </p>
        <button type="button" className="btn btn-sm" onClick={() => setFrom(shift(week.from, 7))}>
          Week after
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </nav>
      {week.plans.length === 0 ? (
        <p className="mt-6 rounded-box bg-base-200 p-6">No plans yet: make one on your Subscriptions page.</p>
      ) : (
        <div className="mt-6 grid gap-8">
          {week.plans.map((plan) => (
            <section key={plan.planId} aria-labelledby={`roster-plan-${plan.planId}`}>
              <h2 id={`roster-plan-${plan.planId}`} className="text-xl font-bold">
                {plan.name}
                {plan.ended ? <span className="badge ml-2 border-base-300 bg-base-200">Ended</span> : null}
              </h2>
              {plan.deliveries.length === 0 ? (
                <p className="mt-2 text-sm">No delivery this week.</p>
              ) : (
                <div className="mt-3 grid gap-3">
                  {plan.deliveries.map((delivery) => (
                    <DeliveryCard
                      key={`${delivery.date} ${delivery.windowId}`}
                      plan={plan}
                      delivery={delivery}
                      shopId={shopId}
                    />
                  ))}
                </div>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
