import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { call } from '../../api/client.ts';
import { useRole } from '../../auth/AuthProvider.tsx';

/**
 * Tells a vendor whose shop waits for the marketplace's review (or was turned down, and why) that its products are
 * not listed yet; nothing once the shop is approved.
 */
export function ShopReviewBanner() {
  const { isVendor: vendor } = useRole();
  const query = useQuery({
    queryKey: ['vendor-approval'],
    queryFn: () => call('GET /vendor/approval'),
    enabled: vendor,
    staleTime: 60_000,
  });
  const state = query.data?.state;
  if (!vendor || !state || state === 'approved') return null;
  return (
    <div role="status" className="alert alert-warning alert-soft mb-4">
      <Hourglass size={20} aria-hidden="true" />
      {state === 'pending' ? (
        <span>
          <strong>Your shop awaits review.</strong> Set it up and add products now: shoppers see them once the
          marketplace’s team approves your shop. We e-mail you then.
        </span>
      ) : (
        <span>
          <strong>Your shop was not approved</strong>, so its products are not listed. The reason:{' '}
          {query.data?.reason ?? 'none given'}. Reply to our e-mail to talk it over.
        </span>
      )}
    </div>
  );
}
