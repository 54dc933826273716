import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const SHOP_PAYOUTS_PAGE_SIZE = 10;
export const shopPayoutsKey = ['admin-shop-payouts'] as const;

type At = { page: number; q: string };

/** A page of every shop's payouts (by name; those whose name contains `q`), each row keyed by its shop. */
export async function getShopPayouts({ page, q }: At) {
  const answer = await call('GET /admin/payouts', { query: { page, limit: SHOP_PAYOUTS_PAGE_SIZE, q } });
  return { ...answer, items: answer.items.map((row) => ({ ...row, _id: row.shopId })) };
}

export const shopPayoutsQuery = (at: At) => stepQuery(shopPayoutsKey, at, getShopPayouts);
export const useShopPayouts = (at: At) => useKeptQuery(shopPayoutsQuery(at));

/** Holds a shop's payouts or releases them (its waiting transfers are sent); the table refreshes. */
export const useHoldPayouts = () =>
  useRefreshingMutation(
    ({ shopId, held }: { shopId: string; held: boolean }) =>
      call('PUT /admin/payouts/:shopId/hold', { params: { shopId }, body: { held } }),
    [shopPayoutsKey],
  );
