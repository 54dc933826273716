import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

export const HISTORY_PAGE_SIZE = 10;
export const paymentHistoryKey = (email: string | undefined) => ['customer-payments', email] as const;

export function getPaymentHistory(email: string, page: number) {
  return call('GET /customerPayments/:email', { params: { email }, query: { page, limit: HISTORY_PAGE_SIZE } });
}

export const paymentHistoryQuery = (email: string | undefined, page: number) =>
  stepQuery(paymentHistoryKey(email), page, (at) => getPaymentHistory(email as string, at));

export function usePaymentHistory(page: number) {
  const { user } = useAuth();
  const email = user?.email;
  return useKeptQuery(paymentHistoryQuery(email, page), Boolean(email));
}
