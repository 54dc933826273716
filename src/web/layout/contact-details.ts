import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';

/** Farmstall's public contact details, as the server is configured (CONTACT_*): they change only on a restart. */
export const contactDetailsQuery = queryOptions({
  queryKey: ['contact-details'],
  queryFn: () => call('GET /contact/details'),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The footer's, contact page's and About's address, phone, e-mail and hours. */
export function useContactDetails() {
  return useQuery(contactDetailsQuery);
}
