import type { Slot, SlotStatus } from '#contract/slots.ts';
import { windowLabel } from '#contract/window-label.ts';

export { windowLabel };

const UNAVAILABLE: Record<Exclude<SlotStatus, 'open'>, string> = {
  full: 'full',
  closed: 'ordering closed',
  cancelled: 'cancelled',
};

/** What a shopper reads of a slot's places: "4 left", or why it cannot be chosen. */
export function placesLabel(slot: Pick<Slot, 'status' | 'remaining'>): string {
  return slot.status === 'open' ? `${slot.remaining} left` : UNAVAILABLE[slot.status];
}

/** "Sat 28 Nov, 09:00–12:00 PST · 4 left" */
export function slotLabel(slot: Slot, timeZone: string): string {
  return `${windowLabel(slot.start, slot.end, timeZone)} · ${placesLabel(slot)}`;
}
