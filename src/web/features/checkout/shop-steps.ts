import { combinedStatus, type FulfilmentStatus } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';
import type { Handover } from './FulfilmentLine.tsx';

/** One shop's part of an order as the buyer follows it, with its pickup or delivery slot when it has one. */
export type ShopStep = { shopName: string; shopEmail: string; status: FulfilmentStatus; handover?: Handover | null };

/** Each shop of an order with its step (and its slot among `handovers`), in the order the lines were bought. */
export function shopSteps(lines: PurchasedItem[], handovers: Handover[] = []): ShopStep[] {
  const byShop = new Map<string, PurchasedItem[]>();
  for (const line of lines) byShop.set(line.shopEmail, [...(byShop.get(line.shopEmail) ?? []), line]);
  return [...byShop.values()].map((shopLines) => ({
    shopName: shopLines[0].shopName,
    shopEmail: shopLines[0].shopEmail,
    status: combinedStatus(shopLines.map((line) => line.status)),
    handover: handovers.find((handover) => handover.shopName === shopLines[0].shopName) ?? null,
  }));
}
