import { XCircle } from 'lucide-react';
import type { OrderTracking } from '#contract/fulfilment.ts';
import { momentLabel } from '#contract/moment-label.ts';
import { formatDollars } from '#contract/money.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { useCancelPart } from './cancel-part.ts';

type TrackedShop = OrderTracking['shops'][number];

/** What the buyer gets back for a shop's part, for the question before cancelling it. */
function refundText(shop: TrackedShop): string {
  const items = shop.numberOfItems === 1 ? 'its item' : `its ${shop.numberOfItems} items`;
  const fee = shop.fulfilment?.fee ?? 0;
  const delivery = fee > 0 ? ` and its ${formatDollars(fee)} delivery fee` : '';
  return `What you paid for ${items}${delivery} goes back to your card. You won't be able to revert this!`;
}

/**
 * The buyer's button to cancel one shop's part while the server says they may (until its slot's ordering closes),
 * asking first and saying what is refunded; nothing once they may not.
 */
export function CancelPart({ orderId, shop }: { orderId: string; shop: TrackedShop }) {
  const cancel = useCancelPart();
  const until = shop.cancellableUntil;
  if (!shop.cancellable || (until && Date.parse(until) <= Date.now())) return null;
  const run = () =>
    confirmAndRun(
      {
        title: `Cancel your order from ${shop.shopName}?`,
        text: refundText(shop),
        confirmText: 'Yes, cancel it!',
        cancelText: 'Keep it',
        danger: true,
      },
      () => cancel.mutateAsync({ id: orderId, shopId: shop.shopId }),
      `Your order from ${shop.shopName} is cancelled; the refund is on its way to your card`,
    );
  return (
    <div className="no-print mt-2">
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        onClick={run}
        disabled={cancel.isPending}
        aria-label={`Cancel this shop's part: ${shop.shopName}`}
      >
        <XCircle size={16} aria-hidden="true" /> Cancel this shop's part
      </button>
      {until && shop.fulfilment ? (
        <p className="mt-1 text-xs">You can cancel until {momentLabel(until, shop.fulfilment.timeZone)}.</p>
      ) : null}
    </div>
  );
}
