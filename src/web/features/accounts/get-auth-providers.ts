import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export const getAuthProviders = () => call('GET /auth/providers');

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });
}
