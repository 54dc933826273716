import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, Landmark } from 'lucide-react';
import { useForm } from 'react-hook-form';
import {
  type PayoutAccount,
  SANDBOX_TEST_BANK,
  type SandboxOnboardingInput,
  sandboxOnboardingInput,
} from '#contract/payouts.ts';
import { errorMessage } from '../../api/client.ts';
import { useEmailRefusal } from '../../auth/VerifyEmailRefusal.tsx';
import { FormCard } from '../../ui/FormCard.tsx';
import { FormError } from '../../ui/FormError.tsx';
import { showFieldErrors } from '../../ui/form-outcome.ts';
import { LoadError } from '../../ui/LoadError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useConnectPayoutAccount, usePayoutAccount, useSandboxOnboarding } from './get-payout-account.ts';
import { PayoutBalance, StatementList, TransferList } from './PayoutsLedger.tsx';

/** The sandbox's onboarding: test bank details, checked like the server checks them. */
function SandboxOnboardingForm() {
  const onboard = useSandboxOnboarding();
  const form = useForm<SandboxOnboardingInput>({
    resolver: zodResolver(sandboxOnboardingInput),
    defaultValues: { accountHolder: '', routingNumber: '', accountNumber: '' },
  });
  const field = wireFields('bank', form);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onboard.mutateAsync(values);
      toast.success('Your payout account is verified');
    } catch (failure) {
      if (!showFieldErrors(form, failure)) form.setError('root', { message: errorMessage(failure) });
    }
  });
  return (
    <FormCard id="bank-form" title="Bank account for payouts" onSubmit={onSubmit}>
      <p className="mt-1 text-sm">
        Sandbox: no real money moves. Use the test account {SANDBOX_TEST_BANK.accountNumber} with routing number{' '}
        {SANDBOX_TEST_BANK.routingNumber}.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <TextField label="Account holder" field={field('accountHolder')} autoComplete="name" />
        <TextField label="Routing number" field={field('routingNumber')} inputMode="numeric" autoComplete="off" />
        <TextField label="Account number" field={field('accountNumber')} inputMode="numeric" autoComplete="off" />
      </div>
      <FormError message={form.formState.errors.root?.message ?? null} />
      <SubmitButton busy={onboard.isPending} className="mt-4">
        Verify account
      </SubmitButton>
    </FormCard>
  );
}

function AccountState({ account }: { account: PayoutAccount }) {
  const connect = useConnectPayoutAccount();
  const unverified = useEmailRefusal();
  const start = async () => {
    try {
      const after = await connect.mutateAsync();
      // Stripe's onboarding is on Stripe's site; the sandbox's form is on this page.
      if (after.provider === 'stripe' && after.onboardingUrl) window.location.assign(after.onboardingUrl);
    } catch (failure) {
      if (!unverified.caught(failure)) toast.error(errorMessage(failure));
    }
  };
  if (account.status === 'verified') {
    return (
      <div role="status" className="alert alert-success alert-soft">
        <BadgeCheck aria-hidden="true" />
        <span>
          Your payout account is verified: each order's money follows once your part is delivered or picked up.
        </span>
      </div>
    );
  }
  if (account.status === 'none') {
    return (
      <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-5">
        <p>
          Connect a payout account to receive your sales. Until it is verified you can sell as usual: your money waits
          for it.
        </p>
        <button type="button" className="btn btn-primary" onClick={start} disabled={connect.isPending}>
          <Landmark aria-hidden="true" className="size-4" />
          Connect a payout account
        </button>
        {unverified.refusal}
      </div>
    );
  }
  if (account.provider === 'sandbox') return <SandboxOnboardingForm />;
  return (
    <div className="space-y-3 rounded-box border border-base-300 bg-base-100 p-5">
      <p>Your account is waiting for you to finish onboarding with Stripe. Your money waits for it.</p>
      {account.onboardingUrl ? (
        <a className="btn btn-primary" href={account.onboardingUrl}>
          Continue onboarding with Stripe
        </a>
      ) : null}
    </div>
  );
}

/**
 * The vendor's payouts: connect the account the shop is paid into, whether its money is held, the balance, each
 * transfer with its order, and the monthly statements.
 */
export function PayoutsPage() {
  const account = usePayoutAccount();
  if (account.isPending) return <PageLoader label="Loading your payout account" />;
  if (account.isError) return <LoadError error={account.error} onRetry={() => account.refetch()} />;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Payouts</h1>
      <p className="max-w-prose">
        When your part of an order is delivered or picked up, you are paid what the shopper paid for your items and
        delivery, less the marketplace's commission and any refund.
      </p>
      {account.data.held ? (
        <div role="alert" className="alert alert-warning alert-soft">
          An admin holds your payouts while a dispute is settled: your money waits until they release it.
        </div>
      ) : null}
      <AccountState account={account.data} />
      <PayoutBalance />
      <TransferList />
      <StatementList />
    </div>
  );
}
