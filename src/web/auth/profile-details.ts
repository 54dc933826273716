import { useQuery } from '@tanstack/react-query';
import type { ProfileDetails } from '#contract/users.ts';
import { call } from '../api/client.ts';

export const DETAILS_KEY = ['profile-details'];

/** The signed-in user's name, phone and default delivery address. */
export function useDetails() {
  return useQuery({ queryKey: DETAILS_KEY, queryFn: () => call('GET /users/me/details') });
}

/** Changes the name, phone and default delivery address. */
export const saveDetails = (details: ProfileDetails) => call('PUT /users/me/details', { body: details });
