import { combinedStatus, type FulfilmentStatus, type SlotCancelledByShop } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';
import type { Handover } from './FulfilmentLine.tsx';

/**
 * One shop's part of an order as the buyer follows it, with its pickup or delivery slot when it has one, and the
 * shop's cancellation of that slot's date.
 */
export type ShopStep = {
  shopName: string;
  shopId: string;
  status: FulfilmentStatus;
  handover?: Handover | null;
  slotCancelled?: SlotCancelledByShop | null;
};

/**
 * Each shop of an order with its step (its slot among `handovers`, the shop's cancellation of it among
 * `cancelledSlots`), in the order the lines were bought.
 */
export function shopSteps(
  lines: PurchasedItem[],
  handovers: Handover[] = [],
  cancelledSlots: SlotCancelledByShop[] = [],
): ShopStep[] {
  const byShop = new Map<string, PurchasedItem[]>();
  for (const line of lines) byShop.set(line.shopId, [...(byShop.get(line.shopId) ?? []), line]);
  return [...byShop.values()].map((shopLines) => {
    const handover = handovers.find((h) => h.shopName === shopLines[0].shopName) ?? null;
    return {
      shopName: shopLines[0].shopName,
      shopId: shopLines[0].shopId,
      status: combinedStatus(shopLines.map((line) => line.status)),
      handover,
      slotCancelled: (handover && cancelledSlots.find((c) => c.shopId === handover.shopId)) ?? null,
    };
  });
}
