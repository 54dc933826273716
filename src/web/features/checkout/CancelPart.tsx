import { XCircle } from 'lucide-react';
import type { OrderTracking } from '#contract/fulfilment.ts';
import { momentLabel } from '#contract/moment-label.ts';
import { formatDollars } from '#contract/money.ts';
import { confirmAndRun } from '../../ui/confirm.ts';
import { useCancelPart } from './cancel-part.ts';

type TrackedShop = OrderTracking['shops'][number];

/** What the buyer gets back for a shop's part, as the server will record it, for the question before cancelling. */
function returnText(shop: TrackedShop): string {
  const { refund, release } = shop.onCancel;
  const back =
    refund > 0
      ? `${formatDollars(refund)} is refunded to your card.`
      : release > 0
        ? `Nothing was charged for it yet: the ${formatDollars(release)} held for it on your card is released.`
        : 'Nothing was charged for it.';
  return `${back} You won't be able to revert this!`;
}

/** The notice once cancelled: what the refund or the release is. */
function doneText(shop: TrackedShop): string {
  const { refund, release } = shop.onCancel;
  const done = `Your order from ${shop.shopName} is cancelled`;
  if (refund > 0) return `${done}; ${formatDollars(refund)} is on its way back to your card`;
  if (release > 0) return `${done}; the ${formatDollars(release)} held for it is released`;
  return done;
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
        text: returnText(shop),
        confirmText: 'Yes, cancel it!',
        cancelText: 'Keep it',
        danger: true,
      },
      () => cancel.mutateAsync({ id: orderId, shopId: shop.shopId }),
      doneText(shop),
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
