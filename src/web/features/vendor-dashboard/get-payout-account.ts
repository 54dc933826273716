import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxOnboardingInput } from '#contract/payouts.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';
import { vendorPayoutsKey } from './get-vendor-payouts.ts';

export const payoutAccountKey = ['payout-account'] as const;

export const payoutAccountQuery = queryOptions({
  queryKey: payoutAccountKey,
  queryFn: () => call('GET /payouts/account'),
});

export const usePayoutAccount = () => useQuery(payoutAccountQuery);

export const useConnectPayoutAccount = () =>
  useRefreshingMutation(() => call('POST /payouts/account'), [payoutAccountKey]);

export const useSandboxOnboarding = () =>
  useRefreshingMutation(
    (body: SandboxOnboardingInput) => call('POST /payouts/sandbox/onboarding', { body }),
    [payoutAccountKey, vendorPayoutsKey],
  );
