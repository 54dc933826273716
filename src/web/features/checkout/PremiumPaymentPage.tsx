import { useQueryClient } from '@tanstack/react-query';
import { Crown, Medal, Infinity as Unlimited } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PREMIUM_MEMBERSHIP_PRICE_DOLLARS } from '#contract/roles.ts';
import { errorMessage } from '../../api/client.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { paths } from '../../paths.ts';
import { FormError } from '../../ui/FormError.tsx';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { toast } from '../../ui/toast.ts';
import { CardField } from './CardField.tsx';
import { useVendorMembership } from './get-vendor-membership.ts';
import { giveGoldBadge, recordMembership } from './record-membership.ts';
import { startMembership } from './start-membership.ts';
import { useCardCharge } from './use-card-charge.ts';

/** payment: the premium vendor membership ($1000), paid by card. */
export function PremiumPaymentPage() {
  const { user } = useAuth();
  const membership = useVendorMembership();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const card = useCardCharge();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (membership.isPending) return <PageLoader label="Loading your membership" />;
  if (membership.isError) return <LoadError error={membership.error} onRetry={() => membership.refetch()} />;

  const pay = async () => {
    setError(null);
    if (!card.ready() || !user) return;
    setBusy(true);
    try {
      const paid = await card.charge(startMembership);
      if (!paid) return;
      await recordMembership({
        email: user.email,
        price: PREMIUM_MEMBERSHIP_PRICE_DOLLARS,
        shop: membership.data.shop,
        shopId: user.id,
        transactionId: paid.paymentIntentId,
      });
      await giveGoldBadge(user.email);
      toast.success('Payment is successful');
      await queryClient.invalidateQueries({ queryKey: ['vendor-stats'] });
      navigate(paths.dashboard.vendorHome);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  if (membership.data.membership === 'premium') {
    return (
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold">Premium membership</h1>
        <p className="mt-4 flex items-center gap-2 rounded-box bg-accent p-4 text-accent-content">
          <Crown aria-hidden="true" /> {membership.data.shop} is a premium member: list as many products as you like.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold">Premium membership</h1>
      <section className="mt-6 rounded-box border border-base-300 bg-base-100 p-6 shadow-sm" aria-label="Price">
        <p className="text-5xl font-bold text-primary">${PREMIUM_MEMBERSHIP_PRICE_DOLLARS}</p>
        <p className="mt-1">One payment, for as long as your shop sells on Farmstall.</p>
        <ul className="mt-4 space-y-2">
          <li className="flex items-center gap-2">
            <Unlimited size={18} aria-hidden="true" className="text-primary" /> Unlimited products (normal shops list up
            to 5)
          </li>
          <li className="flex items-center gap-2">
            <Medal size={18} aria-hidden="true" className="text-primary" /> A gold badge on your shop
          </li>
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
          Pay ${PREMIUM_MEMBERSHIP_PRICE_DOLLARS}
        </SubmitButton>
      </form>
    </div>
  );
}
