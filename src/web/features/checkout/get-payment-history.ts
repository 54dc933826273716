import { useSearchParams } from 'react-router';
import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

export const HISTORY_PAGE_SIZE = 10;
export const paymentHistoryKey = (email: string | undefined) => ['customer-payments', email] as const;

/** One page of the buyer's payments; with `q`, only the order of that number (FS-10234 or 10234). */
export function getPaymentHistory(email: string, page: number, q = '') {
  return call('GET /customerPayments/:email', {
    params: { email },
    query: { page, limit: HISTORY_PAGE_SIZE, ...(q ? { q } : {}) },
  });
}

export const paymentHistoryQuery = (email: string | undefined, page: number, q = '') =>
  stepQuery(q ? [...paymentHistoryKey(email), 'search', q] : paymentHistoryKey(email), page, (at) =>
    getPaymentHistory(email as string, at, q),
  );

/** The order number searched for, kept in the address (`?q=FS-10234`) so that back and reload keep it. */
export const useOrderSearch = () => useSearchParams()[0].get('q')?.trim() ?? '';

export function usePaymentHistory(page: number) {
  const { user } = useAuth();
  const email = user?.email;
  return useKeptQuery(paymentHistoryQuery(email, page, useOrderSearch()), Boolean(email));
}

/** How many payments the buyer has in all, whatever the search. */
export function usePaymentCount() {
  const { user } = useAuth();
  const email = user?.email;
  return useKeptQuery(paymentHistoryQuery(email, 1), Boolean(email)).data?.total;
}
