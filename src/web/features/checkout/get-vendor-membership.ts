import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

type VendorMembership = { membership: 'normal' | 'premium'; badge: string | null; shop: string };

/** The vendor's own shop figures (GET /vendor/stats), read here for the membership. Same key as vendor home. */
export function useVendorMembership() {
  return useQuery({ queryKey: ['vendor-stats'], queryFn: () => api<VendorMembership>('/vendor/stats') });
}
