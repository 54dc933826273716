import { CalendarDays, MapPin } from 'lucide-react';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDollars } from '#contract/money.ts';
import type { SubscriptionQuote } from '#contract/subscribers.ts';
import type { PublicPlan } from '#contract/subscriptions.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth, useRole } from '../../auth/AuthProvider.tsx';
import { CardField } from '../../card/CardField.tsx';
import type { CardPayer } from '../../card/card-payer.ts';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { coversText, QuoteSchedule } from './SeasonPayments.tsx';
import { startCardSetup, useMySubscriptions, useQuote, useSubscribe } from './subscriber-queries.ts';

/** Today in the shopper's calendar, YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA');

/** What subscribing from the chosen day brings and costs. */
function QuoteText({ quote }: { quote: SubscriptionQuote }) {
  const left =
    quote.deliveriesLeft !== null && quote.seasonDeliveries !== null
      ? `${quote.deliveriesLeft} of the season’s ${quote.seasonDeliveries} deliveries are left from then.`
      : null;
  return (
    <div className="rounded-box bg-base-200 p-3" aria-live="polite">
      <p>
        First delivery: <strong>{quote.firstSlot}</strong>
      </p>
      {left ? <p>{left}</p> : null}
      {quote.perDelivery !== null ? (
        <p>
          Each delivery is charged {formatDollars(quote.perDelivery)} at its cutoff
          {quote.deliveryFee === null
            ? ''
            : quote.deliveryFee === 0
              ? ', delivery free'
              : `, plus ${formatDollars(quote.deliveryFee)} for delivery`}
          .
        </p>
      ) : null}
      {quote.perDelivery === null && quote.deliveryFee ? (
        <p>Each delivery to your address adds the farm’s {formatDollars(quote.deliveryFee)} fee.</p>
      ) : null}
      {quote.seasonPrice !== null ? (
        <p>
          The season from then costs <strong>{formatDollars(quote.seasonPrice)}</strong>
          {quote.installments && quote.installments.length > 1 ? `, in ${quote.installments.length} payments` : ''}.
        </p>
      ) : null}
      {quote.schedule ? <QuoteSchedule schedule={quote.schedule} /> : null}
    </div>
  );
}

/** The shopper's choice of time, address and first day, the price it brings, and the card saved to pay it. */
function SubscribeForm({ plan }: { plan: PublicPlan }) {
  const [windowId, setWindowId] = useState(plan.windows[0]?.id ?? '');
  const [startsOn, setStartsOn] = useState(today);
  const [address, setAddress] = useState('');
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const payer = useRef<CardPayer | null>(null);
  const onPayer = useCallback((next: CardPayer) => {
    payer.current = next;
  }, []);
  const subscribe = useSubscribe();
  const window = plan.windows.find((w) => w.id === windowId);
  const delivery = window?.kind === 'delivery';
  const choice =
    windowId && startsOn && (!delivery || postcode.trim())
      ? { windowId, startsOn, ...(delivery ? { postcode } : {}) }
      : null;
  const quote = useQuote(plan.id, choice);
  const firstPayment = plan.billing === 'per_delivery' ? undefined : quote.data?.schedule?.[0];

  if (subscribe.data) {
    const paid = subscribe.data.season?.find((p) => p.state === 'paid');
    return (
      <div role="status" className="alert alert-success alert-soft mt-3 block">
        <p className="font-semibold">You are subscribed to {plan.name}.</p>
        {paid ? (
          <p>
            Your card was charged {formatDollars(paid.amount)} for the deliveries {coversText(paid)}.
          </p>
        ) : null}
        <p>
          First delivery {subscribe.data.coming[0]?.slot ?? subscribe.data.nextDelivery}. Skip a week, pause for a
          vacation or change it on{' '}
          <Link to={paths.dashboard.subscriptions} className="link">
            your subscriptions
          </Link>
          .
        </p>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setCardError(null);
    if (!choice || !quote.data) {
      setError(quote.error ? errorMessage(quote.error) : 'Choose a time and a first day');
      return;
    }
    if (!payer.current?.validate()) return;
    setSaving(true);
    try {
      const setup = await startCardSetup();
      const refused = await payer.current.save(setup);
      if (refused) {
        setCardError(refused);
        return;
      }
      await subscribe.mutateAsync({
        planId: plan.id,
        windowId,
        startsOn,
        address: delivery ? address : undefined,
        postcode: delivery ? postcode : undefined,
        setupIntentId: setup.setupIntentId,
      });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="mt-3 flex flex-col gap-4" onSubmit={submit} noValidate>
      <fieldset className="fieldset">
        <legend className="fieldset-legend text-base">When and where</legend>
        {plan.windows.map((w) => (
          <label key={w.id} className="flex items-center gap-2 text-base">
            <input
              type="radio"
              className="radio radio-sm"
              name="window"
              value={w.id}
              checked={windowId === w.id}
              onChange={() => setWindowId(w.id)}
            />
            {w.kind === 'delivery' ? <MapPin size={16} aria-hidden="true" /> : null}
            {w.label}
          </label>
        ))}
      </fieldset>
      {delivery ? (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <label className="flex flex-col gap-1" htmlFor="subscribe-address">
            <span className="text-sm font-semibold">Delivery address</span>
            <input
              id="subscribe-address"
              className="input w-full"
              autoComplete="street-address"
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </label>
          <label className="flex flex-col gap-1" htmlFor="subscribe-postcode">
            <span className="text-sm font-semibold">Postcode</span>
            <input
              id="subscribe-postcode"
              className="input w-full"
              autoComplete="postal-code"
              value={postcode}
              onChange={(e) => setPostcode(e.target.value)}
            />
          </label>
        </div>
      ) : null}
      <label className="flex flex-col gap-1" htmlFor="subscribe-start">
        <span className="flex items-center gap-1 text-sm font-semibold">
          <CalendarDays size={16} aria-hidden="true" /> Start from
        </span>
        <input
          id="subscribe-start"
          type="date"
          className="input w-full sm:w-56"
          min={today()}
          value={startsOn}
          onChange={(e) => setStartsOn(e.target.value)}
        />
      </label>
      {quote.data ? <QuoteText quote={quote.data} /> : null}
      {quote.isError ? (
        <p role="alert" className="text-error">
          {errorMessage(quote.error)}
        </p>
      ) : null}
      <CardField onPayer={onPayer} error={cardError} />
      <p className="text-sm">
        {plan.billing === 'per_delivery'
          ? 'Your card is saved for this subscription’s charges; nothing is charged today.'
          : firstPayment
            ? `Your card is saved for the season’s payments and charged ${formatDollars(firstPayment.amount)} today.`
            : 'Your card is saved for the season’s payments and charged the first of them today.'}
      </p>
      <FormError message={error} />
      <SubmitButton busy={saving} disabled={saving || quote.isError}>
        {firstPayment ? `Save card and pay ${formatDollars(firstPayment.amount)}` : 'Save card and subscribe'}
      </SubmitButton>
    </form>
  );
}

/**
 * Joining a plan (issue 37): a signed-in shopper chooses the time and first day, sees the price and saves a card;
 * anyone else is told how to.
 */
export function SubscribeSection({ plan }: { plan: PublicPlan }) {
  const { user } = useAuth();
  const { isCustomer } = useRole();
  const location = useLocation();
  if (!user) {
    return (
      <p className="mt-2">
        <Link to={paths.login} state={{ from: location }} className="btn btn-primary">
          Sign in to subscribe
        </Link>
      </p>
    );
  }
  if (!isCustomer)
    return <p className="mt-2">Shoppers subscribe with their own accounts; yours is a farm’s or an admin’s.</p>;
  return <SubscribeOnce plan={plan} />;
}

/** The form, unless the shopper subscribes to this plan already (then where to manage it). */
function SubscribeOnce({ plan }: { plan: PublicPlan }) {
  const mine = useMySubscriptions();
  const formShown = useRef(false);
  const running = mine.data?.find((s) => s.plan.id === plan.id && s.status !== 'cancelled');
  if (mine.isPending)
    return <span className="loading loading-dots" role="status" aria-label="Loading your subscriptions" />;
  // Once subscribed here, the form's own thanks stay (the list read again after it would replace them).
  if (running && !formShown.current) {
    const next = running.coming.find((c) => c.date === running.nextDelivery);
    return (
      <p className="mt-2">
        You are subscribed to this plan{next ? `; the next delivery is ${next.slot}` : ''}. Skip a week, pause or change
        it on{' '}
        <Link to={paths.dashboard.subscriptions} className="link">
          your subscriptions
        </Link>
        .
      </p>
    );
  }
  formShown.current = true;
  return <SubscribeForm plan={plan} />;
}
