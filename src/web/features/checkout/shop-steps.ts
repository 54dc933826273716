import type { FulfilmentStatus } from '#contract/fulfilment.ts';
import type { PurchasedItem } from '#contract/orders.ts';

/** One shop's part of an order as the buyer follows it. */
export type ShopStep = { shopName: string; shopEmail: string; status: FulfilmentStatus };

/**
 * The step of a shop's lines, by the server's rule (fulfilment/service.ts combinedStatus):
 * cancelled when every line is, else the least advanced of the lines still live.
 */
export function stepOf(statuses: FulfilmentStatus[]): FulfilmentStatus {
  const live = statuses.filter((status) => status !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  if (live.includes('pending')) return 'pending';
  if (live.includes('shipped')) return 'shipped';
  return 'delivered';
}

/** Each shop of an order with its step, in the order the lines were bought. */
export function shopSteps(lines: PurchasedItem[]): ShopStep[] {
  const byShop = new Map<string, PurchasedItem[]>();
  for (const line of lines) byShop.set(line.shopEmail, [...(byShop.get(line.shopEmail) ?? []), line]);
  return [...byShop.values()].map((shopLines) => ({
    shopName: shopLines[0].shopName,
    shopEmail: shopLines[0].shopEmail,
    status: stepOf(shopLines.map((line) => line.status)),
  }));
}
