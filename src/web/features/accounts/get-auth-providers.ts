import { useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '#contract/auth.ts';
import { api } from '../../api/client.ts';

export const getAuthProviders = () => api<AuthProviders>('/auth/providers');

export function useAuthProviders() {
  return useQuery({ queryKey: ['auth-providers'], queryFn: getAuthProviders, staleTime: Number.POSITIVE_INFINITY });
}
