import { combinedStatus, type FulfilmentStatus } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';

/** One shop's part of an order as the buyer follows it. */
export type ShopStep = { shopName: string; shopEmail: string; status: FulfilmentStatus };

/** Each shop of an order with its step, in the order the lines were bought. */
export function shopSteps(lines: PurchasedItem[]): ShopStep[] {
  const byShop = new Map<string, PurchasedItem[]>();
  for (const line of lines) byShop.set(line.shopEmail, [...(byShop.get(line.shopEmail) ?? []), line]);
  return [...byShop.values()].map((shopLines) => ({
    shopName: shopLines[0].shopName,
    shopEmail: shopLines[0].shopEmail,
    status: combinedStatus(shopLines.map((line) => line.status)),
  }));
}
