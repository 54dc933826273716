import { CreditCard, MapPin, Plane, Repeat } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ComingDelivery, DeliveryState, MySubscription } from '#contract/subscribers.ts';
import { errorMessage } from '../../api/client.ts';
import { CardField } from '../../card/CardField.tsx';
import type { CardPayer } from '../../card/card-payer.ts';
import { paths } from '../../paths.ts';
import { confirmAction } from '../../ui/confirm.ts';
import { FormError } from '../../ui/FormError.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { DeliveryChangePanel } from './DeliveryChangePanel.tsx';
import { SeasonPayments } from './SeasonPayments.tsx';
import { startCardSetup, useChangeSubscription, useMySubscriptions } from './subscriber-queries.ts';

const STATE_WORDS: Record<DeliveryState, string> = {
  coming: 'Coming',
  skipped: 'Skipped',
  vacation: 'On vacation',
  holiday: 'Farm closed',
  ordered: 'Ordered',
  charged: 'Paid',
  failed: 'Payment failed',
  cancelled: 'Not delivered',
};

const STATUS_WORDS: Record<MySubscription['status'], string> = {
  active: 'Active',
  paused: 'Paused',
  payment_failed: 'Paused: payment failed',
  cancelled: 'Cancelled',
};

/** "Thu 3 Dec" from YYYY-MM-DD. */
const dayText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

type Change = ReturnType<typeof useChangeSubscription>;

/** Whether the saved card's last month ends before the month of the next delivery. */
const cardExpiresBefore = (s: MySubscription) =>
  s.card !== null &&
  s.nextDelivery !== null &&
  s.card.expYear * 12 + s.card.expMonth < Number(s.nextDelivery.slice(0, 4)) * 12 + Number(s.nextDelivery.slice(5, 7));

/** The last day a cancelled subscription's deliveries still come, when one is today or later. */
const lastComingDay = (s: MySubscription) =>
  s.endsAfter && s.endsAfter >= new Date().toLocaleDateString('en-CA') ? s.endsAfter : null;

/** Whether a cancelled season has a paid payment for deliveries after its end not given back yet. */
const refundComing = (s: MySubscription) => {
  const end = lastComingDay(s) ?? new Date().toLocaleDateString('en-CA');
  return (
    s.status === 'cancelled' &&
    (s.season ?? []).some((p) => p.state === 'paid' && p.refunded === 0 && p.coversUntil > end)
  );
};

function ComingRow({ s, d, change }: { s: MySubscription; d: ComingDelivery; change: Change }) {
  const [open, setOpen] = useState(false);
  const made = d.state === 'ordered' && d.order !== null && d.changeableUntil !== null;
  const skip = async () => {
    if (d.state === 'skipped') return change.mutate({ kind: 'unskip', date: d.date });
    // A made delivery's order is cancelled by the skip, for good: asked first.
    if (made) {
      const sure = await confirmAction({
        title: `Skip ${dayText(d.date)}?`,
        text: `Its order ${d.order?.number} is cancelled and nothing is charged. It cannot be taken back.`,
        confirmText: 'Skip this delivery',
        cancelText: 'Keep it',
        danger: true,
      });
      if (!sure) return;
    }
    change.mutate({ kind: 'skip', date: d.date });
  };
  return (
    <li className="flex flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{d.slot}</p>
          <p className="text-sm">
            <span className={`badge badge-sm ${d.state === 'coming' ? 'badge-soft badge-success' : 'badge-ghost'}`}>
              {STATE_WORDS[d.state]}
            </span>
            {d.order ? (
              <>
                {' · '}
                <Link to={paths.dashboard.invoice(d.order.paymentId)} className="link">
                  Order {d.order.number}
                </Link>
              </>
            ) : null}
            {d.changeableUntil
              ? ` · change until ${new Date(d.changeableUntil).toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })}`
              : ''}
          </p>
        </div>
        {d.changeableUntil ? (
          <div className="flex flex-wrap gap-2">
            {made ? (
              <button
                type="button"
                className="btn btn-sm btn-primary"
                aria-expanded={open}
                onClick={() => setOpen(!open)}
              >
                {open ? 'Close' : 'Change this delivery'}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-sm btn-outline"
              disabled={change.isPending}
              aria-label={`${d.state === 'skipped' ? 'Unskip' : 'Skip'} ${dayText(d.date)}`}
              onClick={skip}
            >
              {d.state === 'skipped' ? 'Unskip' : 'Skip'}
            </button>
          </div>
        ) : null}
      </div>
      {made && open ? <DeliveryChangePanel subscriptionId={s.id} date={d.date} /> : null}
    </li>
  );
}

function ComingList({ s, change }: { s: MySubscription; change: Change }) {
  if (s.coming.length === 0) return <p>No delivery is coming.</p>;
  return (
    <ul className="divide-y divide-base-300 rounded-box border border-base-300">
      {s.coming.map((d: ComingDelivery) => (
        <ComingRow key={d.date} s={s} d={d} change={change} />
      ))}
    </ul>
  );
}

function VacationForm({ s, change }: { s: MySubscription; change: Change }) {
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  if (s.vacation) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p>
          <Plane size={16} className="inline" aria-hidden="true" /> On vacation {dayText(s.vacation.from)} –{' '}
          {dayText(s.vacation.until)}: those deliveries are skipped.
        </p>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'resume' })}
        >
          Resume now
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'vacation', from, until });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={`Vacation for ${s.plan.name}`}>
      <label className="flex flex-col gap-1" htmlFor={`away-from-${s.id}`}>
        <span className="text-sm font-semibold">Away from</span>
        <input
          id={`away-from-${s.id}`}
          type="date"
          className="input"
          value={from}
          required
          onChange={(e) => setFrom(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`away-until-${s.id}`}>
        <span className="text-sm font-semibold">Back after</span>
        <input
          id={`away-until-${s.id}`}
          type="date"
          className="input"
          value={until}
          required
          onChange={(e) => setUntil(e.target.value)}
        />
      </label>
      <SubmitButton busy={change.isPending} className="btn-sm">
        Pause for these days
      </SubmitButton>
    </form>
  );
}

function WindowForm({ s, change }: { s: MySubscription; change: Change }) {
  const [windowId, setWindowId] = useState(s.window.id);
  const [address, setAddress] = useState(s.deliveryAddress ?? '');
  const [postcode, setPostcode] = useState(s.deliveryPostcode ?? '');
  const delivery = s.windows.find((w) => w.id === windowId)?.kind === 'delivery';
  if (s.windows.length < 2 && !delivery) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ kind: 'window', windowId, ...(delivery ? { address, postcode } : {}) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={`Time for ${s.plan.name}`}>
      <label className="flex flex-col gap-1" htmlFor={`window-${s.id}`}>
        <span className="text-sm font-semibold">Pickup or delivery time</span>
        <select id={`window-${s.id}`} className="select" value={windowId} onChange={(e) => setWindowId(e.target.value)}>
          {s.windows.map((w) => (
            <option key={w.id} value={w.id}>
              {w.label}
            </option>
          ))}
        </select>
      </label>
      {delivery ? (
        <>
          <label className="flex flex-col gap-1" htmlFor={`address-${s.id}`}>
            <span className="text-sm font-semibold">Address</span>
            <input
              id={`address-${s.id}`}
              className="input"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1" htmlFor={`postcode-${s.id}`}>
            <span className="text-sm font-semibold">Postcode</span>
            <input
              id={`postcode-${s.id}`}
              className="input w-32"
              value={postcode}
              onChange={(e) => setPostcode(e.target.value)}
            />
          </label>
        </>
      ) : null}
      <SubmitButton busy={change.isPending} className="btn-sm">
        Change time
      </SubmitButton>
    </form>
  );
}

function CardForm({ change }: { change: Change }) {
  const [open, setOpen] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const payer = useRef<CardPayer | null>(null);
  const onPayer = useCallback((next: CardPayer) => {
    payer.current = next;
  }, []);
  if (!open) {
    return (
      <div>
        <button type="button" className="btn btn-sm btn-outline" onClick={() => setOpen(true)}>
          <CreditCard size={16} aria-hidden="true" /> Use another card
        </button>
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCardError(null);
    if (!payer.current?.validate()) return;
    setBusy(true);
    try {
      const setup = await startCardSetup();
      const refused = await payer.current.save(setup);
      if (refused) setCardError(refused);
      else {
        await change.mutateAsync({ kind: 'card', setupIntentId: setup.setupIntentId });
        setOpen(false);
      }
    } catch (failure) {
      setCardError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <CardField onPayer={onPayer} error={cardError} />
      <div className="flex gap-2">
        <SubmitButton busy={busy} className="btn-sm">
          Save this card
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => setOpen(false)}>
          Keep the card I have
        </button>
      </div>
    </form>
  );
}

function SubscriptionCard({ s }: { s: MySubscription }) {
  const change = useChangeSubscription(s.id);
  const running = s.status !== 'cancelled';
  const lastDay = lastComingDay(s);
  // What still comes after a cancel now: the deliveries ordered already, and those within the plan's notice.
  const noticeEnd = new Date(Date.now() + s.plan.noticeDays * 86_400_000).toLocaleDateString('en-CA');
  const ordered = s.coming.filter(
    (d) =>
      (d.order && (d.state === 'ordered' || d.state === 'charged')) ||
      (s.plan.noticeDays > 0 && d.state === 'coming' && d.date <= noticeEnd),
  );
  const cancel = async () => {
    const sure = await confirmAction({
      title: `Cancel ${s.plan.name}?`,
      text: `${
        ordered.length
          ? `${ordered.map((d) => d.slot).join(', ')} ${ordered.length > 1 ? 'are' : 'is'} ${s.plan.noticeDays > 0 ? `ordered already or within the plan's ${s.plan.noticeDays} days' notice, and still` : 'ordered already and still'} ${ordered.length > 1 ? 'come' : 'comes'}; no delivery after.`
          : 'No delivery comes after today.'
      }${s.season ? ' What you paid for the deliveries that do not come is refunded to your card, and the season’s later payments are not taken.' : ''}`,
      confirmText: 'Cancel the subscription',
      cancelText: 'Keep it',
      danger: true,
    });
    if (sure) change.mutate({ kind: 'cancel' });
  };
  return (
    <article className="card border border-base-300 bg-base-100" aria-labelledby={`subscription-${s.id}`}>
      <div className="card-body gap-4 p-4 sm:p-6">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`subscription-${s.id}`} className="card-title text-xl">
              <Link to={paths.subscriptionPlan(s.plan.id)} className="link link-hover">
                {s.plan.name}
              </Link>
            </h2>
            <p className="text-sm">
              from{' '}
              <Link to={paths.shopDetails(s.plan.shopId)} className="link">
                {s.plan.shopName}
              </Link>
            </p>
          </div>
          <span className={`badge badge-soft ${s.status === 'active' ? 'badge-success' : 'badge-warning'}`}>
            {STATUS_WORDS[s.status]}
          </span>
        </header>
        <dl className="grid gap-2 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold">Time</dt>
            <dd>
              <MapPin size={14} className="inline" aria-hidden="true" /> {s.window.label}
              {s.deliveryAddress ? `, to ${s.deliveryAddress} ${s.deliveryPostcode ?? ''}` : ''}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">Card</dt>
            <dd>
              {s.card
                ? `${s.card.brand.toUpperCase()} •••• ${s.card.last4}, expires ${String(s.card.expMonth).padStart(2, '0')}/${s.card.expYear}`
                : 'No card saved'}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold">Next delivery</dt>
            <dd>{s.nextDelivery ? dayText(s.nextDelivery) : 'None coming'}</dd>
          </div>
          {s.status === 'cancelled' ? (
            <div>
              <dt className="text-sm font-semibold">Ends</dt>
              <dd>{lastDay ? `after ${dayText(lastDay)}` : 'now'}</dd>
            </div>
          ) : null}
        </dl>
        {cardExpiresBefore(s) ? (
          <p role="alert" className="alert alert-warning alert-soft">
            This card expires before the next delivery: use another card so it can be charged.
          </p>
        ) : null}
        {change.isError ? <FormError message={errorMessage(change.error)} /> : null}
        <section aria-label="Coming deliveries" className="flex flex-col gap-2">
          <h3 className="font-bold">Coming deliveries</h3>
          <ComingList s={s} change={change} />
        </section>
        {s.season ? (
          <section aria-label="Season payments" className="flex flex-col gap-2">
            <h3 className="font-bold">Season payments</h3>
            <SeasonPayments payments={s.season} />
            {refundComing(s) ? (
              <p className="text-sm">
                What you paid for the deliveries that do not come is refunded to your card
                {lastDay ? ' once those still coming are past their ordering cutoff' : ' in a moment'}.
              </p>
            ) : null}
          </section>
        ) : null}
        {running ? (
          <>
            <section aria-label="Vacation" className="flex flex-col gap-2">
              <h3 className="font-bold">Vacation</h3>
              <VacationForm s={s} change={change} />
            </section>
            <WindowForm s={s} change={change} />
            <CardForm change={change} />
            <div className="card-actions justify-end">
              <button
                type="button"
                className="btn btn-sm btn-error btn-outline"
                disabled={change.isPending}
                onClick={cancel}
              >
                Cancel subscription
              </button>
            </div>
          </>
        ) : null}
      </div>
    </article>
  );
}

/** The shopper's subscriptions (issue 37 item 4): each with its next deliveries, to skip, pause, change or cancel. */
export function MySubscriptionsPage() {
  const mine = useMySubscriptions();
  if (mine.isPending) return <PageLoader label="Loading your subscriptions" />;
  if (mine.isError) return <LoadError error={mine.error} onRetry={() => mine.refetch()} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <Repeat aria-hidden="true" /> Your subscriptions
      </h1>
      {mine.data.length === 0 ? (
        <p>
          You have no subscriptions yet. Farms list their boxes and shares on their pages:{' '}
          <Link to={paths.shopList} className="link">
            see the shops
          </Link>
          .
        </p>
      ) : (
        mine.data.map((s) => <SubscriptionCard key={s.id} s={s} />)
      )}
    </div>
  );
}
