import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEEK_KINDS, type WeekKind } from '#contract/vendor-week.ts';
import { call, routeUrl } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { useKeptQuery } from '../../api/kept-query.ts';

export const vendorWeekKey = ['vendor-week'] as const;

/** The week's filters as the address keeps them (`?from=&to=&kind=`); an empty one is the server's default. */
export type WeekFilters = { from: string; to: string; kind: WeekKind };

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

export function readWeekFilters(search: URLSearchParams): WeekFilters {
  const kind = search.get('kind');
  return {
    from: isDay(search.get('from')),
    to: isDay(search.get('to')),
    kind: WEEK_KINDS.find((k) => k === kind) ?? 'all',
  };
}

export const vendorWeekQuery = (shopId: string, filters: WeekFilters) =>
  queryOptions({
    queryKey: [...vendorWeekKey, shopId, filters],
    queryFn: () =>
      call('GET /shops/:shopId/booked-slots', {
        params: { shopId },
        query: { from: filters.from || undefined, to: filters.to || undefined, kind: filters.kind },
      }),
  });

/** The shop's booked slots with their orders; the previous answer stays while new filters load. */
export const useVendorWeek = (shopId: string, filters: WeekFilters) =>
  useKeptQuery(vendorWeekQuery(shopId, filters), shopId !== '');

export const slotSheetQuery = (shopId: string, slotId: string) =>
  queryOptions({
    queryKey: [...vendorWeekKey, shopId, 'sheet', slotId],
    queryFn: () => call('GET /shops/:shopId/booked-slots/:slotId', { params: { shopId, slotId } }),
  });

/** One slot's pick list, packing slips and stops. */
export const useSlotSheet = (shopId: string, slotId: string) =>
  useQuery({ ...slotSheetQuery(shopId, slotId), enabled: shopId !== '' });

export type SheetName = 'pick-list' | 'packing-slips';
export type SheetFormat = 'pdf' | 'csv';

/** Saves a slot's pick list or packing slips as a PDF or CSV file. */
export function downloadSheet(shopId: string, slotId: string, sheet: SheetName, format: SheetFormat, day: string) {
  const params = { shopId, slotId, format };
  const url =
    sheet === 'pick-list'
      ? routeUrl('GET /shops/:shopId/booked-slots/:slotId/pick-list/:format', params)
      : routeUrl('GET /shops/:shopId/booked-slots/:slotId/packing-slips/:format', params);
  return downloadFile(url, `farmstall-${sheet}-${day}.${format}`);
}
