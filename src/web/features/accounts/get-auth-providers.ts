import { useQuery } from '@tanstack/react-query';
import { authApi } from '#contract/api/auth.ts';
import { call } from '../../api/client.ts';

export const getAuthProviders = () => call(authApi.providers);

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });
}
