import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailPreferences } from '#contract/notifications.ts';
import { call } from '../../api/client.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const emailPreferencesQuery = queryOptions({
  queryKey: ['email-preferences'],
  queryFn: () => call('GET /notifications/preferences'),
});
export const useEmailPreferences = () => useQuery(emailPreferencesQuery);

export function useSetEmailPreferences() {
  return useRefreshingMutation(
    (changes: Partial<EmailPreferences>) => call('PUT /notifications/preferences', { body: changes }),
    [emailPreferencesQuery.queryKey],
  );
}
