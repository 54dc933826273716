import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, routeUrl } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

/** Everything the Payouts page reads of the shop's money: refreshed when the account or a hold changes. */
export const vendorPayoutsKey = ['vendor-payouts'] as const;

export const usePayoutBalance = () =>
  useQuery({ queryKey: [...vendorPayoutsKey, 'balance'], queryFn: () => call('GET /payouts/balance') });

/** The shop's transfers, newest first, a page at a time ("Show older transfers"). */
export const useShopTransfers = () =>
  useInfiniteQuery({
    queryKey: [...vendorPayoutsKey, 'transfers'],
    queryFn: ({ pageParam }) => call('GET /payouts/transfers', { query: { cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useStatementMonths = () =>
  useQuery({ queryKey: [...vendorPayoutsKey, 'statements'], queryFn: () => call('GET /payouts/statements') });

/** Saves a month's statement as CSV or PDF. */
export const downloadStatement = (month: string, format: 'csv' | 'pdf') =>
  downloadFile(
    routeUrl('GET /payouts/statements/:month/:format', { month, format }),
    `farmstall-statement-${month}.${format}`,
  );
