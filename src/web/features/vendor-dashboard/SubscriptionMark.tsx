import { Repeat } from 'lucide-react';

/** Marks a subscription's delivery among a farm's orders and packing slips (issue 37). */
export function SubscriptionMark({ shown }: { shown: boolean | undefined }) {
  if (!shown) return null;
  return (
    <span className="badge badge-outline badge-sm gap-1 whitespace-nowrap">
      <Repeat aria-hidden="true" className="size-3" />
      Subscription
    </span>
  );
}
