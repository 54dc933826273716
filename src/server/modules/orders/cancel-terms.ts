import { type FulfilmentStatus, type HandoverKind, STEP_LABELS } from '#contract/fulfilment.ts';
import { momentLabel } from '#contract/moment-label.ts';
import { AppError, conflict } from '../../errors.ts';
import type { BookedSlotState } from '../slots/index.ts';

/** A shop's part of an order as its buyer's cancelling sees it. */
export type PartToCancel = {
  shopName: string;
  status: FulfilmentStatus;
  kind: HandoverKind;
  /** The booked slot's zone and what stands of the slot now; null for a part without a slot. */
  slot: { timeZone: string; state: BookedSlotState } | null;
};

/** Until when the buyer may cancel the part (null: no time limits it), or the error that says why not. */
export type CancelTerms = { until: Date | null; refusal: null } | { until: null; refusal: AppError };

/**
 * Whether the buyer may cancel a shop's part now: while it is Ordered and its slot's ordering is open, whenever the
 * shop cancelled the slot's date, and while Ordered for a part without a slot.
 */
export function cancelTerms(part: PartToCancel, now: Date): CancelTerms {
  const closed = (message: string) => ({ until: null, refusal: new AppError('CANCEL_CLOSED', message) });
  if (part.status === 'cancelled')
    return { until: null, refusal: conflict('This part of the order is already cancelled') };
  if (part.status !== 'pending') {
    const step = STEP_LABELS[part.kind][part.status];
    return closed(`${part.shopName} has already moved this part on (${step}); contact the shop.`);
  }
  if (!part.slot || part.slot.state.cancelled) return { until: null, refusal: null };
  const { closesAt } = part.slot.state;
  if (now.getTime() >= closesAt.getTime()) {
    return closed(`Ordering for this slot closed at ${momentLabel(closesAt, part.slot.timeZone)}; contact the shop.`);
  }
  return { until: closesAt, refusal: null };
}
