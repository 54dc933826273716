import { useQueryClient } from '@tanstack/react-query';
import { Crown, Medal, Infinity as Unlimited } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  type MembershipPlan,
  PLAN_BILLING_LABELS,
  PREMIUM_PLAN_KEY,
  planLimitText,
  planPriceText,
} from '#contract/membership-plans.ts';
import { formatDollars } from '#contract/money.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { CardField } from '../../card/CardField.tsx';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toast } from '../../ui/toast.ts';
import { useOfferedPlans } from './get-membership-plans.ts';
import { useVendorMembership } from './get-vendor-membership.ts';
import { giveGoldBadge, recordMembership } from './record-membership.ts';
import { startMembership } from './start-membership.ts';
import { useCardCharge } from './use-card-charge.ts';

/** A plan's price as the spec shows the premium one: `$1000` (whole dollars bare, cents as money). */
const priceLabel = (price: number) => (Number.isInteger(price) ? `$${price}` : formatDollars(price));

/** What a plan's payment covers. */
const termText = (plan: MembershipPlan) =>
  plan.billing === 'monthly'
    ? 'Paid a month at a time: pay again to renew. Unpaid, your shop keeps its products on the normal membership’s limit.'
    : 'One payment, for as long as your shop sells on Farmstall.';

/** The memberships on offer as the admin set them: name, products, price and billing. */
function PlanList({ plans, current }: { plans: MembershipPlan[]; current: string }) {
  return (
    <section className="mt-6" aria-labelledby="plans-title">
      <h2 id="plans-title" className="text-xl font-bold">
        Memberships
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {plans.map((plan) => (
          <li key={plan.key} className="rounded-box border border-base-300 bg-base-100 p-4">
            <p className="flex items-center gap-2 font-semibold">
              {plan.name}
              {plan.goldBadge ? <Medal size={16} aria-label="gold badge" className="text-warning" /> : null}
              {plan.key === current ? <span className="badge badge-primary">Your membership</span> : null}
            </p>
            <p>{planLimitText(plan)}</p>
            <p>
              {planPriceText(plan)} <span className="text-sm">({PLAN_BILLING_LABELS[plan.billing]})</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** payment: the vendor's membership (the premium one, $1000, unless the admin offers others), paid by card. */
export function PremiumPaymentPage() {
  const { user } = useAuth();
  const membership = useVendorMembership();
  const offered = useOfferedPlans();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const card = useCardCharge();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosenKey, setChosenKey] = useState<string | null>(null);

  if (membership.isPending || offered.isPending) return <PageLoader label="Loading your membership" />;
  if (membership.isError) return <LoadError error={membership.error} onRetry={() => membership.refetch()} />;
  if (offered.isError) return <LoadError error={offered.error} onRetry={() => offered.refetch()} />;

  const plans = offered.data.plans;
  const current = membership.data.membership;
  const currentPlan = plans.find((plan) => plan.key === current);
  // What the shop may buy: a paid plan it does not hold, or its monthly plan again (to renew).
  const buyable = plans.filter(
    (plan) => plan.billing !== 'free' && (plan.billing === 'monthly' || plan.key !== current),
  );
  const chosen =
    buyable.find((plan) => plan.key === chosenKey) ??
    buyable.find((plan) => plan.key === PREMIUM_PLAN_KEY) ??
    buyable[0];

  const pay = async () => {
    setError(null);
    if (!card.ready() || !user || !chosen) return;
    setBusy(true);
    try {
      const paid = await card.charge(() => startMembership(chosen));
      if (!paid) return;
      await recordMembership({
        email: user.email,
        price: chosen.price,
        shop: membership.data.shop,
        shopId: user.id,
        transactionId: paid.paymentIntentId,
      });
      if (chosen.goldBadge) await giveGoldBadge(user.email);
      toast.success('Payment is successful');
      await queryClient.invalidateQueries({ queryKey: ['vendor-stats'] });
      navigate(paths.dashboard.vendorHome);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">Premium membership</h1>
      {currentPlan && currentPlan.billing !== 'free' ? (
        <p className="mt-4 flex items-center gap-2 rounded-box bg-accent p-4 text-accent-content">
          <Crown aria-hidden="true" /> {membership.data.shop} is a {currentPlan.name.toLowerCase()} member:{' '}
          {currentPlan.productLimit === null
            ? 'list as many products as you like.'
            : `list up to ${currentPlan.productLimit} products.`}
        </p>
      ) : null}
      <PlanList plans={plans} current={current} />
      {chosen ? (
        <>
          {buyable.length > 1 ? (
            <fieldset className="mt-6">
              <legend className="font-semibold">Choose a membership</legend>
              {buyable.map((plan) => (
                <label key={plan.key} className="label mt-2 cursor-pointer gap-3 text-base-content">
                  <input
                    type="radio"
                    className="radio radio-primary"
                    name="plan"
                    value={plan.key}
                    checked={plan.key === chosen.key}
                    onChange={() => {
                      card.forget();
                      setChosenKey(plan.key);
                    }}
                  />
                  {plan.name}: {planPriceText(plan)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <section
            className="mt-6 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm"
            aria-label={`Price of the ${chosen.name} membership`}
          >
            <p className="text-lg font-semibold">{chosen.name}</p>
            <p className="text-5xl font-bold text-primary">{priceLabel(chosen.price)}</p>
            {chosen.billing === 'monthly' ? <p className="text-sm">a month</p> : null}
            <p className="mt-1">{termText(chosen)}</p>
            <ul className="mt-4 space-y-2">
              <li className="flex items-center gap-2">
                <Unlimited size={18} aria-hidden="true" className="text-primary" />
                {chosen.productLimit === null ? 'Unlimited products' : `Up to ${chosen.productLimit} products`}
              </li>
              {chosen.goldBadge ? (
                <li className="flex items-center gap-2">
                  <Medal size={18} aria-hidden="true" className="text-primary" /> A gold badge on your shop
                </li>
              ) : null}
            </ul>
          </section>
          <form
            className="mt-6"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void pay();
            }}
          >
            <CardField onPayer={card.onPayer} error={card.cardError} />
            <FormError message={error} />
            <SubmitButton busy={busy} className="mt-4">
              Pay {priceLabel(chosen.price)}
            </SubmitButton>
          </form>
        </>
      ) : null}
    </div>
  );
}
