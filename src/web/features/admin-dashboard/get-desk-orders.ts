import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FulfilmentStatus } from '#contract/fulfilment.ts';
import type { DeskCancelInput, DeskRefundInput } from '#contract/order-desk.ts';
import { call } from '../../api/client.ts';
import { stepQuery, useKeptQuery } from '../../api/kept-query.ts';
import { useRefreshingMutation } from '../../api/mutation.ts';

export const DESK_PAGE_SIZE = 20;
export const deskOrdersKey = ['admin-desk-orders'] as const;
export const deskStoryKey = ['admin-desk-story'] as const;

/** The desk's search: the order number or shopper (`q`), the shop, the days placed, a part's step. */
export type DeskFilters = { q: string; shop: string; from: string; to: string; status: '' | FulfilmentStatus };
export const DESK_FILTERS = ['q', 'shop', 'from', 'to', 'status'] as const;

/** Each filter's name in the address (`?order=`, not the site search's `?q=`), so a reload or the back button keeps it. */
export const DESK_PARAMS: Record<keyof DeskFilters, string> = {
  q: 'order',
  shop: 'shop',
  from: 'from',
  to: 'to',
  status: 'status',
};

export const readDeskFilters = (params: URLSearchParams): DeskFilters => ({
  q: (params.get('order') ?? '').trim(),
  shop: (params.get('shop') ?? '').trim(),
  from: params.get('from') ?? '',
  to: params.get('to') ?? '',
  status: (params.get('status') ?? '') as DeskFilters['status'],
});

type At = DeskFilters & { page: number };

/** A page of the orders the desk's search finds, newest first. */
export function getDeskOrders({ page, q, shop, from, to, status }: At) {
  return call('GET /admin/orders', {
    query: {
      page,
      limit: DESK_PAGE_SIZE,
      q,
      shop,
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(status ? { status } : {}),
    },
  });
}

export const deskOrdersQuery = (at: At) => stepQuery(deskOrdersKey, at, getDeskOrders);
export const useDeskOrders = (at: At) => useKeptQuery(deskOrdersQuery(at));

/** One order's whole story. */
export const deskStoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...deskStoryKey, id],
    queryFn: () => call('GET /admin/orders/:id', { params: { id } }),
  });
export const useDeskStory = (id: string) => useQuery(deskStoryQuery(id));

// A refund may resolve a problem report: the open reports are read again too.
const AFTER_CHANGE = [deskStoryKey, deskOrdersKey, ['admin-open-problems']];

export const useDeskRefund = () =>
  useRefreshingMutation(
    ({ id, shopId, body }: { id: string; shopId: string; body: DeskRefundInput }) =>
      call('POST /admin/orders/:id/shops/:shopId/refunds', { params: { id, shopId }, body }),
    AFTER_CHANGE,
  );

export const useDeskCancel = () =>
  useRefreshingMutation(
    ({ id, shopId, body }: { id: string; shopId: string; body: DeskCancelInput }) =>
      call('POST /admin/orders/:id/shops/:shopId/cancellation', { params: { id, shopId }, body }),
    AFTER_CHANGE,
  );

export const useResendReceipt = () =>
  useRefreshingMutation((id: string) => call('POST /admin/orders/:id/receipt', { params: { id } }), AFTER_CHANGE);
